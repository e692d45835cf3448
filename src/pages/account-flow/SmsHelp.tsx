import { QuestionCircleOutlined } from '@ant-design/icons';

import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const REASONS = ['mainland', 'blocked', 'signal', 'gateway'] as const;

/** "Not receiving the code?" with the four usual reasons, on hover or keyboard focus. */
export function SmsHelp() {
  const { t } = useTranslation();
  const reasons = (
    <ol style={{ margin: 0, paddingInlineStart: 18 }}>
      {REASONS.map((reason) => (
        <li key={reason}>{t(`login.smsHelp.${reason}`)}</li>
      ))}
    </ol>
  );
  return (
    <Tooltip title={reasons} placement="bottom">
      <button type="button" data-testid="sms-help" style={{ border: 'none', background: 'none', padding: 0, color: '#0958d9', cursor: 'help', font: 'inherit' }}>
        <QuestionCircleOutlined /> {t('login.smsHelp.title')}
      </button>
    </Tooltip>
  );
}
