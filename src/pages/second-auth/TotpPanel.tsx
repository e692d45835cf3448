import { Button, Form, Typography } from 'antd';
import { CODE } from '../../../contract/codeNames';
import { factorEndpoints as ep } from '../../../contract/endpoints/factors';
import { TOTP_REFUSALS } from '../../shared/components/factors/codes';
import { OneTimeCodeInput } from '../../shared/components/factors/OneTimeCodeInput';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { deviceInfo } from '../../shared/providers/device';
import { useFactorSignIn } from './useFactorSignIn';
import { useTranslation } from 'react-i18next';

const FIELDS: FieldRefusals = [[[...TOTP_REFUSALS, CODE.passkeyRequired], 'code']];

interface Props {
  srmi: string;
  appId: string | null;
  returnTo: string | null;
}

/** The authenticator app's 6-digit code; a wrong, reused or locked code is said under the field. */
export function TotpPanel({ srmi, appId, returnTo }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const { finish, expired } = useFactorSignIn(appId, returnTo);
  const verify = useEndpointMutation(ep.signInTotp, { quiet: explainedCodes(FIELDS) });

  async function submit({ code }: { code: string }) {
    try {
      await finish(await verify.submit({ srmi, code, ...(await deviceInfo()) }));
    } catch (error) {
      if (expired(error)) return;
      form.setFieldValue('code', '');
      showOnField(form, FIELDS, error);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="second-auth-totp">
      <Typography.Paragraph>{t('factors.step.totpHint')}</Typography.Paragraph>
      <OneTimeCodeInput autoFocus testId="second-auth-totp-code" />
      <Button type="primary" htmlType="submit" block loading={verify.isPending || verify.isSuccess} data-testid="second-auth-totp-submit">
        {t('factors.step.verify')}
      </Button>
    </Form>
  );
}
