import { passwordStrength } from '../../../contract/rules';
import { PasswordStrengthHint } from './PasswordStrengthHint';
import { useTranslation } from 'react-i18next';

/** One colour per lit count: one bar weak red, two middle orange, three strong green. */
const COLORS = ['', '#ff4d4f', '#fa8c16', '#52c41a'] as const;
const OFF = '#e8e8e8';

/**
 * Three-bar strength meter under a new-password field (the rule is the contract's
 * passwordStrength, shared with the server). Nothing is lit for six characters or fewer.
 */
export function PasswordStrength({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const password = value ?? '';
  const { level, lit } = passwordStrength(password);
  const label = password ? t(`login.strength.${level}`) : '';
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 6 }} data-testid="password-strength" data-level={password ? level : ''} data-lit={lit}>
      <span style={{ display: 'inline-flex', gap: 4 }} aria-hidden>
        {[1, 2, 3].map((bar) => (
          <span key={bar} style={{ width: 40, height: 6, borderRadius: 3, background: bar <= lit ? COLORS[lit] : OFF, transition: 'background 0.2s' }} />
        ))}
      </span>
      <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', minWidth: 24 }} aria-live="polite">
        {label ? t('login.strength.label', { level: label }) : ''}
      </span>
    </div>
  );
}

/** What a new-password field says under itself: the meter for what is typed, then the server's policy. */
export function PasswordHelp({ value, forNewAccount }: { value: string | undefined; forNewAccount?: boolean }) {
  return (
    <>
      <PasswordStrength value={value} />
      <PasswordStrengthHint forNewAccount={forNewAccount} />
    </>
  );
}
