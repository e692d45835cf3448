import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS } from '../../../contract/codes';
import { FormAlert } from '../account-flow/FormAlert';
import { NewPasswordFields, type NewPasswordValues } from '../../components/NewPasswordFields';
import { useFormSave } from '../account-flow/useFormSave';
import { forgetApi } from './api';

/** Step 3: the new password, checked against the policy by the server. */
export function NewPasswordStep({ requestId, onSaved, onError }: { requestId: string; onSaved: (account: string) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPasswordValues>();
  const save = useFormSave(CODE_GROUPS.passwordByCode, onError);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void save.run(async () => onSaved((await forgetApi.save(requestId, values.newPassword)).userId))}
      data-testid="forget-password-step"
    >
      <NewPasswordFields />
      <FormAlert message={save.error} onClose={() => save.setError(null)} />
      <Button type="primary" htmlType="submit" block size="large" loading={save.saving} data-testid="forget-save">
        {t('forgetPassword.actions.save')}
      </Button>
    </Form>
  );
}
