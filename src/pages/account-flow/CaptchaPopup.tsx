import { Button, Input, Modal, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../shared/components/PageLoading';
import { useCaptcha } from '../../shared/components/useCaptcha';

/** What the caller made of an answer: done (it closes the popup), or try again with a new picture. */
export type CaptchaOutcome = { kind: 'done' } | { kind: 'retry'; message?: string };

interface Props {
  open: boolean;
  onCancel: () => void;
  onSubmit: (capKey: string, capText: string) => Promise<CaptchaOutcome>;
}

/**
 * The picture-captcha popup in front of an SMS send (second factor, password change, binding):
 * it submits by itself once the answer has the captcha's length, and every answer, right or
 * wrong, uses the picture up, so a retry always brings a new one.
 */
export function CaptchaPopup({ open, onCancel, onSubmit }: Props) {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const { show, hide } = captcha;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return undefined;
    void show();
    return () => {
      hide();
      setText('');
      setError(null);
    };
  }, [open, show, hide]);

  async function submit(answer: string) {
    if (busy || !captcha.capKey || answer.length < captcha.len) return;
    setBusy(true);
    try {
      const outcome = await onSubmit(captcha.capKey, answer);
      if (outcome.kind === 'retry') {
        setError(outcome.message ?? null);
        setText('');
        void captcha.refresh();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('login.captchaPopup.title')}
      onCancel={onCancel}
      footer={null}
      width={360}
      destroyOnHidden
      maskClosable={false}
      // autoFocus alone loses: the dialog focuses itself once its opening animation ends.
      afterOpenChange={(opened) => opened && input.current?.focus()}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <button
          type="button"
          onClick={() => void captcha.refresh()}
          aria-label={t('login.captchaPopup.change')}
          data-testid="captcha-popup-image"
          style={{ padding: 0, border: '1px solid #f0f0f0', borderRadius: 4, background: 'none', cursor: 'pointer', width: 122, height: 42 }}
        >
          {captcha.loading || !captcha.image ? <PageLoading minHeight={40} /> : <img src={captcha.image} alt={t('common.captcha.imageAlt')} width={120} height={40} />}
        </button>
        <Button type="link" onClick={() => void captcha.refresh()} style={{ padding: 0 }} data-testid="captcha-popup-change">
          {t('login.captchaPopup.change')}
        </Button>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('login.captchaPopup.prompt')}
      </Typography.Paragraph>
      <Input
        ref={input}
        size="large"
        value={text}
        maxLength={captcha.len}
        autoFocus
        autoComplete="off"
        // Read-only rather than disabled while checking: a disabled input drops the focus, and a wrong answer is typed again right there.
        readOnly={busy}
        aria-busy={busy}
        status={error ? 'error' : undefined}
        aria-label={t('login.captchaPopup.prompt')}
        aria-describedby={error ? 'captcha-popup-error' : undefined}
        data-testid="captcha-popup-input"
        onChange={(event) => {
          const next = event.target.value.trim();
          setText(next);
          setError(null);
          if (next.length === captcha.len) void submit(next);
        }}
        onPressEnter={() => void submit(text)}
      />
      {error ? (
        <Typography.Text type="danger" id="captcha-popup-error" role="alert" style={{ display: 'block', marginTop: 8 }} data-testid="captcha-popup-error">
          {error}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
