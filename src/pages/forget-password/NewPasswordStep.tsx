import { Button, Form } from 'antd';
import { passwordEndpoints as ep } from '../../../contract/endpoints/passwords';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { useFormSave } from '../account-flow/useFormSave';
import { NEW_PASSWORD_FIELDS } from '../../shared/hooks/fieldRefusals';
import { saveInput } from './api';
import { useTranslation } from 'react-i18next';

/** Step 3: the new password, checked against the policy by the server. */
export function NewPasswordStep({ requestId, onSaved, onError }: { requestId: string; onSaved: (account: string) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPasswordValues>();
  const save = useFormSave(ep.forgetSave, form, NEW_PASSWORD_FIELDS, { onError });
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void save.run(saveInput(requestId, values.newPassword), (answer) => onSaved(answer.userId))}
      data-testid="forget-password-step"
    >
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block size="large" loading={save.saving} data-testid="forget-save">
        {t('forgetPassword.actions.save')}
      </Button>
    </Form>
  );
}
