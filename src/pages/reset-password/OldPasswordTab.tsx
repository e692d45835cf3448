import { LockOutlined } from '@ant-design/icons';

import { Button, Form } from 'antd';
import { NewPasswordFields, type NewPasswordValues } from '../../shared/components/NewPasswordFields';
import { useFormSave } from '../account-flow/useFormSave';
import { NEW_PASSWORD_FIELDS, OLD_PASSWORD_FIELD } from '../../shared/hooks/fieldRefusals';
import { encryptWithOld } from '../account-flow/encryptPasswords';
import type { PasswordFamily } from './api';
import { PasswordInput } from '../../shared/components/PasswordInput';
import { useTranslation } from 'react-i18next';

interface Values extends NewPasswordValues {
  oldPassword: string;
}

interface Props {
  family: PasswordFamily;
  requestId: string;
  onSaved: (account: string | null) => void;
  onError: (error: unknown) => void;
}

/** Change by the current password: old, new and its confirmation. */
export function OldPasswordTab({ family, requestId, onSaved, onError }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useFormSave(family.saveByOld, form, [...OLD_PASSWORD_FIELD, ...NEW_PASSWORD_FIELDS], { onError });

  async function input({ oldPassword, newPassword, repeatNewPassword }: Values) {
    return { requestId, ...(await encryptWithOld(oldPassword, { newPassword, repeatNewPassword })) };
  }

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      data-testid="reset-old-form"
      onFinish={(values) => void save.run(input(values), (answer) => onSaved(answer?.userId ?? null))}
    >
      <Form.Item name="oldPassword" label={t('resetPassword.fields.oldPassword')} rules={[{ required: true, message: t('resetPassword.validation.oldRequired') }]}>
        <PasswordInput prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('resetPassword.validation.oldRequired')} data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={save.saving} data-testid="reset-save">
        {t('resetPassword.actions.save')}
      </Button>
    </Form>
  );
}
