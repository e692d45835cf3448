import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../account-flow/FormAlert';
import { NewPasswordFields, type NewPasswordValues } from '../../components/NewPasswordFields';
import { RESET_REFUSALS, type PasswordFamily } from './api';
import { useFormSave } from '../account-flow/useFormSave';

interface Values extends NewPasswordValues {
  oldPassword: string;
}

interface Props {
  api: PasswordFamily;
  requestId: string;
  onSaved: (account: string | null) => void;
  onError: (error: unknown) => void;
}

/** Change by the current password: old, new and its confirmation. */
export function OldPasswordTab({ api, requestId, onSaved, onError }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useFormSave(RESET_REFUSALS, onError);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      data-testid="reset-old-form"
      onFinish={(values) => void save.run(async () => onSaved((await api.saveByOld(requestId, values.oldPassword, values))?.userId ?? null))}
    >
      <Form.Item name="oldPassword" label={t('resetPassword.fields.oldPassword')} rules={[{ required: true, message: t('resetPassword.validation.oldRequired') }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('resetPassword.validation.oldRequired')} data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <FormAlert message={save.error} onClose={() => save.setError(null)} />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="reset-save">
        {t('resetPassword.actions.save')}
      </Button>
    </Form>
  );
}
