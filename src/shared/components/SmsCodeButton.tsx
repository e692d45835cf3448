import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';
import { useCountdown } from '../hooks/useCountdown';

interface Props {
  /** Sends the code; resolves true when it went out, which starts the countdown. */
  onSend: () => Promise<boolean>;
  disabled?: boolean;
  seconds?: number;
}

/** "Send code" button with the resend countdown (LIMITS.resendSeconds) every SMS form shares. */
export function SmsCodeButton({ onSend, disabled, seconds = LIMITS.resendSeconds }: Props) {
  const { t } = useTranslation();
  const { left, start } = useCountdown(seconds);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      if (await onSend()) start();
    } finally {
      setSending(false);
    }
  }

  return (
    <Button data-testid="sms-send" disabled={disabled || left > 0} loading={sending} onClick={() => void send()}>
      {left > 0 ? t('common.sms.resendIn', { seconds: left }) : t('common.sms.send')}
    </Button>
  );
}
