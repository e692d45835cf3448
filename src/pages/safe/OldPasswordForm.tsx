import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordApi, type PasswordFields } from './api';
import { NewPasswordFields } from '../../components/NewPasswordFields';

interface Values extends PasswordFields {
  oldPassword: string;
}

/** Password change by the current password. */
export function OldPasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save({ oldPassword, ...fields }: Values) {
    setSaving(true);
    setError(null);
    try {
      await passwordApi.saveByOld(oldPassword, fields);
      onChanged();
    } catch (failure) {
      // Policy refusals, a wrong current password, network trouble: one place to read them.
      setError((failure as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void save(values)} data-testid="old-password-form">
      <Form.Item name="oldPassword" label={t('safe.fields.oldPassword')} rules={[{ required: true, message: t('safe.validation.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="password-error" /> : null}
      <Button type="primary" htmlType="submit" block loading={saving} data-testid="password-submit">
        {t('safe.password.submit')}
      </Button>
    </Form>
  );
}
