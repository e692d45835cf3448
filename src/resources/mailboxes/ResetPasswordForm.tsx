import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_GROUPS, codeIn } from '../../../contract/codes';
import { DEFAULT_PASSWORD_POLICY } from '../../../contract/rules';
import { PasswordStrength } from '../../components/PasswordStrength';
import { PasswordStrengthHint } from '../../components/PasswordStrengthHint';
import { errorCode } from '../../providers/apiError';
import { resetMailboxPassword } from './resetPassword';

type Mode = 'manual' | 'auto';

interface Values {
  mode: Mode;
  newPassword?: string;
}

interface Props {
  userId: string;
  /** Called after a successful reset with the generated password, or null for a typed one. */
  onDone: (generated: string | null) => void;
  onCancel: () => void;
}

/** Typed password (policy shown, refusals in place) or a generated one. */
export function ResetPasswordForm({ userId, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'manual';
  const typed = Form.useWatch('newPassword', form);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function save(values: Values) {
    setSaving(true);
    setRefusal(null);
    try {
      const auto = values.mode === 'auto';
      const answer = await resetMailboxPassword(userId, auto ? null : (values.newPassword ?? ''));
      onDone(auto ? answer : null);
    } catch (error) {
      // Other refusals were toasted by the http layer.
      if (codeIn(CODE_GROUPS.passwordPolicy, errorCode(error))) setRefusal((error as Error).message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={{ mode: 'manual' }} onFinish={(values) => void save(values)} data-testid="reset-form">
      <Form.Item name="mode" label={t('mailboxes.reset.mode')}>
        <Radio.Group
          onChange={() => setRefusal(null)}
          options={[
            { value: 'manual', label: t('mailboxes.reset.manual') },
            { value: 'auto', label: t('mailboxes.reset.auto') },
          ]}
          data-testid="reset-mode"
        />
      </Form.Item>
      {mode === 'manual' ? (
        <Form.Item
          name="newPassword"
          label={t('mailboxes.reset.newPassword')}
          rules={[{ required: true, whitespace: true, message: t('mailboxes.reset.required') }]}
          extra={
            <>
              <PasswordStrength value={typed} />
              <PasswordStrengthHint />
            </>
          }
        >
          <Input.Password autoComplete="new-password" maxLength={DEFAULT_PASSWORD_POLICY.maxLength} data-testid="reset-password" />
        </Form.Item>
      ) : (
        <Alert type="info" showIcon message={t('mailboxes.reset.autoHint')} style={{ marginBottom: 16 }} />
      )}
      {refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="reset-error" /> : null}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="reset-submit">
          {t('mailboxes.reset.submit')}
        </Button>
      </Space>
    </Form>
  );
}
