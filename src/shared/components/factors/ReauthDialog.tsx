import { Alert, Button, Form, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { factorEndpoints as ep } from '../../../../contract/endpoints/factors';
import type { ReauthMethod } from '../../../../contract/schemas/factors';
import { explainedCodes, showOnField } from '../../hooks/fieldRefusals';
import { useEndpointMutation } from '../../hooks/useEndpoint';
import { getPasskey } from '../../hooks/webauthn';
import { sm2Client } from '../../providers/sm2';
import { Password } from '../inputs';
import { PASSKEY_REFUSALS, REAUTH_PASSWORD_FIELD, TOTP_FIELD } from './codes';
import { OneTimeCodeInput } from './OneTimeCodeInput';
import { usePasskeyCeremony } from './usePasskeyCeremony';

interface Props {
  open: boolean;
  /** The ways this person can prove it is them, strongest first (factorOverview.reauthMethods). */
  methods: readonly ReauthMethod[];
  onDone: () => void;
  onCancel: () => void;
}

function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const reauth = useEndpointMutation(ep.reauthPassword, { quiet: explainedCodes(REAUTH_PASSWORD_FIELD) });
  const [busy, setBusy] = useState(false);
  async function submit({ password }: { password: string }) {
    setBusy(true);
    try {
      await reauth.submit({ password: await sm2Client.encrypt(password) });
      onDone();
    } catch (error) {
      showOnField(form, REAUTH_PASSWORD_FIELD, error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="reauth-password-form">
      <Form.Item name="password" label={t('factors.reauth.password')} rules={[{ required: true, message: t('factors.reauth.passwordRequired') }]}>
        <Password autoComplete="current-password" autoFocus data-testid="reauth-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reauth-submit">
        {t('factors.reauth.confirm')}
      </Button>
    </Form>
  );
}

function TotpForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const reauth = useEndpointMutation(ep.reauthTotp, { quiet: explainedCodes(TOTP_FIELD) });
  async function submit({ code }: { code: string }) {
    try {
      await reauth.submit({ code });
      onDone();
    } catch (error) {
      showOnField(form, TOTP_FIELD, error);
    }
  }
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="reauth-totp-form">
      <OneTimeCodeInput autoFocus testId="reauth-totp" />
      <Button type="primary" htmlType="submit" block loading={reauth.isPending} data-testid="reauth-totp-submit">
        {t('factors.reauth.confirm')}
      </Button>
    </Form>
  );
}

function PasskeyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const options = useEndpointMutation(ep.reauthPasskeyOptions, { quiet: PASSKEY_REFUSALS });
  const reauth = useEndpointMutation(ep.reauthPasskey, { quiet: PASSKEY_REFUSALS });
  const { run, busy, problem } = usePasskeyCeremony();
  const ceremony = async () => {
    const { options: json } = await options.submit({});
    await reauth.submit({ credential: await getPasskey(json) });
    onDone();
  };
  return (
    <div>
      {problem ? <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12 }} data-testid="reauth-passkey-problem" /> : null}
      <Button type="primary" block loading={busy} onClick={() => void run(ceremony)} data-testid="reauth-passkey">
        {t('factors.reauth.usePasskey')}
      </Button>
    </div>
  );
}

const FORMS: Record<ReauthMethod, (props: { onDone: () => void }) => React.JSX.Element> = {
  PASSWORD: PasswordForm,
  PASSKEY: PasskeyForm,
  TOTP: TotpForm,
};
const LABELS: Record<ReauthMethod, string> = { PASSWORD: 'factors.reauth.password', PASSKEY: 'factors.reauth.passkey', TOTP: 'factors.reauth.totp' };

/** "Confirm it is you": password (SM2), passkey or app code, whichever the person has; good for 5 minutes. */
export function ReauthDialog({ open, methods, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const offered: readonly ReauthMethod[] = methods.length ? methods : ['PASSWORD'];
  return (
    <Modal open={open} title={t('factors.reauth.title')} footer={null} onCancel={onCancel} destroyOnHidden maskClosable={false} data-testid="reauth-dialog">
      <Typography.Paragraph type="secondary">{t('factors.reauth.hint')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={offered.map((method) => {
          const Body = FORMS[method];
          return { key: method, label: t(LABELS[method]), children: <Body onDone={onDone} /> };
        })}
      />
    </Modal>
  );
}
