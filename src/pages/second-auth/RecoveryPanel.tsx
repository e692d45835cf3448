import { App, Button, Form, Input, Typography, type ButtonProps } from 'antd';
import { CODE } from '../../../contract/codeNames';
import { factorEndpoints as ep } from '../../../contract/endpoints/factors';
import { FACTOR_LIMITS } from '../../../contract/schemas/factors';
import { explainedCodes, showOnField, type FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { deviceInfo } from '../../shared/providers/device';
import { useFactorSignIn } from './useFactorSignIn';
import { useTranslation } from 'react-i18next';

const FIELDS: FieldRefusals = [[[CODE.recoveryCodeWrong, CODE.factorNotSetUp, CODE.tooManyRequests, CODE.passkeyRequired], 'code']];
/** At or below this many codes left, the person is told to make new ones. */
const LOW = 3;

interface Props {
  srmi: string;
  appId: string | null;
  returnTo: string | null;
  remaining: number | null;
}

/** A recovery code (used up); once accepted the person is told how many are left before going on. */
export function RecoveryPanel({ srmi, appId, returnTo, remaining }: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const { finish, expired } = useFactorSignIn(appId, returnTo);
  const verify = useEndpointMutation(ep.signInRecoveryCode, { quiet: explainedCodes(FIELDS) });

  async function submit({ code }: { code: string }) {
    try {
      const { recoveryCodesLeft, ...response } = await verify.submit({ srmi, code: code.trim(), ...(await deviceInfo()) });
      // The session is open already; the count is said before the page moves on.
      modal.success({
        title: t('factors.step.recoveryUsed', { count: recoveryCodesLeft }),
        content: recoveryCodesLeft <= LOW ? t('factors.step.recoveryLow') : undefined,
        okText: t('factors.step.continue'),
        okButtonProps: { 'data-testid': 'recovery-continue' } as ButtonProps,
        onOk: () => finish(response),
      });
    } catch (error) {
      if (!expired(error)) showOnField(form, FIELDS, error);
    }
  }

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="second-auth-recovery">
      <Typography.Paragraph>
        {t('factors.step.recoveryHint')}
        {remaining !== null ? <> {t('factors.step.recoveryLeft', { count: remaining })}</> : null}
      </Typography.Paragraph>
      <Form.Item
        name="code"
        label={t('factors.step.recoveryLabel')}
        rules={[
          { required: true, whitespace: true, message: t('factors.step.recoveryRequired') },
          { max: FACTOR_LIMITS.factorCodeMax, message: t('safe.validation.codeTooLong') },
        ]}
      >
        <Input autoComplete="off" spellCheck={false} autoFocus style={{ fontFamily: 'monospace' }} data-testid="second-auth-recovery-code" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="second-auth-recovery-submit">
        {t('factors.step.verify')}
      </Button>
    </Form>
  );
}
