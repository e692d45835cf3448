import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { PasswordProps } from 'antd/es/input/Password';
import { useTranslation } from 'react-i18next';
import { Password } from './inputs';

const TOGGLE_STYLE = { background: 'none', border: 0, padding: 0, margin: 0, color: 'inherit', cursor: 'pointer', display: 'inline-flex', lineHeight: 1 } as const;

/**
 * antd's password input with its show/hide eye as a real button: antd renders the eye as a bare
 * icon keyboard users cannot reach. The button takes antd's click handler (so Enter and Space work
 * too), is reached by Tab after the field, and says what it does in the page's language.
 */
export function PasswordInput(props: PasswordProps) {
  const { t } = useTranslation();
  return (
    <Password
      {...props}
      iconRender={(visible) => (
        <button type="button" style={TOGGLE_STYLE} aria-label={t(visible ? 'common.password.hide' : 'common.password.show')} aria-pressed={visible} data-testid="password-toggle">
          {visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      )}
    />
  );
}
