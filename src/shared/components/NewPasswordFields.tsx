import { Form } from 'antd';
import { POLICY_RANGES } from '../../../contract/rules';
import { PasswordHelp } from './PasswordStrength';
import { PasswordInput } from './PasswordInput';
import { useTranslation } from 'react-i18next';

export interface NewPasswordValues {
  newPassword: string;
  repeatNewPassword: string;
}

/**
 * New password and its repetition, with the strength meter and the server's policy text. The
 * length check uses the policy the server enforces (8–64), not the older 6–18 of the spec,
 * which would let through passwords the server then refuses.
 */
export function NewPasswordFields({ label, forNewAccount }: { label?: string; forNewAccount?: boolean }) {
  const { t } = useTranslation();
  const value = Form.useWatch<string | undefined>('newPassword');
  // The live policy is the server's (administrators change it); the form only refuses what no
  // policy could accept, and the server's refusal names the rule under the field.
  const { min: minLength, max: maxLength } = POLICY_RANGES.passwordLength;
  return (
    <>
      <Form.Item
        name="newPassword"
        label={label ?? t('login.password.new')}
        rules={[
          { required: true, message: t('login.password.newRequired') },
          { min: minLength, max: maxLength, message: t('login.password.invalid') },
        ]}
        extra={<PasswordHelp value={value} forNewAccount={forNewAccount} />}
      >
        <PasswordInput autoComplete="new-password" placeholder={t('login.password.newRequired')} data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="repeatNewPassword"
        label={t('login.password.repeat')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('login.password.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, repeat: string | undefined) =>
              !repeat || repeat === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('login.password.mismatch'))),
          }),
        ]}
      >
        <PasswordInput autoComplete="new-password" placeholder={t('login.password.repeatRequired')} data-testid="repeat-password" />
      </Form.Item>
    </>
  );
}
