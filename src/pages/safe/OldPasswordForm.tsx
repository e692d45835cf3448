import { Button, Form } from 'antd';
import { passwordEndpoints } from '../../../contract/endpoints/passwords';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { NEW_PASSWORD_FIELDS, OLD_PASSWORD_FIELD } from '../../shared/hooks/fieldRefusals';
import { encryptWithOld } from '../account-flow/encryptPasswords';
import { useFormSave } from '../account-flow/useFormSave';
import { PasswordInput } from '../../shared/components/PasswordInput';
import { useTranslation } from 'react-i18next';

interface Values extends NewPasswordValues {
  oldPassword: string;
}

/** Password change by the current password: a wrong one or a policy refusal is said under its field. */
export function OldPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useFormSave(passwordEndpoints.pwdPersonSaveByOld, form, [...OLD_PASSWORD_FIELD, ...NEW_PASSWORD_FIELDS]);

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ oldPassword, ...pair }) => void save.run(encryptWithOld(oldPassword, pair), onChanged)}
      data-testid="old-password-form"
    >
      <Form.Item name="oldPassword" label={t('safe.fields.oldPassword')} rules={[{ required: true, message: t('safe.validation.oldPasswordRequired') }]}>
        <PasswordInput autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="password-submit">
        {t('safe.password.submit')}
      </Button>
    </Form>
  );
}
