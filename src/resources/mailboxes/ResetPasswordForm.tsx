import { Alert, Button, Form, Radio, Space, type FormProps } from 'antd';
import { POLICY_RANGES } from '../../../contract/rules';
import { PasswordHelp } from '../../shared/components/PasswordStrength';
import { PasswordInput } from '../../shared/components/PasswordInput';
import { useTranslation } from 'react-i18next';

export interface ResetValues {
  mode?: 'manual' | 'auto';
  newPassword?: string;
}

interface Props {
  /** The modal form's props (its form instance; submit goes through onSubmit). */
  formProps: FormProps;
  saving: boolean;
  onSubmit: (values: ResetValues) => void;
  onCancel: () => void;
}

/** Typed password (policy shown, a refusal under the field) or a generated one. */
export function ResetPasswordForm({ formProps, saving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const mode = Form.useWatch('mode', formProps.form) ?? 'manual';
  const typed = Form.useWatch('newPassword', formProps.form);

  return (
    <Form {...formProps} layout="vertical" initialValues={{ mode: 'manual' }} onFinish={onSubmit} data-testid="reset-form">
      <Form.Item name="mode" label={t('mailboxes.reset.mode')}>
        <Radio.Group
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
          extra={<PasswordHelp value={typed} />}
        >
          <PasswordInput autoComplete="new-password" maxLength={POLICY_RANGES.passwordLength.max} data-testid="reset-password" />
        </Form.Item>
      ) : (
        <Alert type="info" showIcon message={t('mailboxes.reset.autoHint')} style={{ marginBottom: 16 }} />
      )}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="reset-submit">
          {t('mailboxes.reset.submit')}
        </Button>
      </Space>
    </Form>
  );
}
