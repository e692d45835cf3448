import { Col, Form, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_ACTIONS, RISK_SIGNALS, type RiskAction, type RiskSignal } from '../../../../contract/schemas/risk';

/** What the signal picker holds for "no action of its own": the level's action applies. */
export const FOLLOW_LEVEL = 'LEVEL';

type Signals = Partial<Record<RiskSignal, RiskAction>>;

/** The form's view of the signal actions: every signal, following the level when it has none. */
export const signalsToForm = (signals: Signals): Record<RiskSignal, string> =>
  Object.fromEntries(RISK_SIGNALS.map((s) => [s, signals[s] ?? FOLLOW_LEVEL])) as Record<RiskSignal, string>;

/** Back to what the policy stores: only the signals with an action of their own. */
export const signalsFromForm = (form: Record<string, string | undefined>): Signals =>
  Object.fromEntries(Object.entries(form).filter(([s, a]) => (RISK_SIGNALS as readonly string[]).includes(s) && a && a !== FOLLOW_LEVEL)) as Signals;

/** The action pickers: by level, and a row per signal (its own action, or the level's). */
export function RiskActionFields({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const actions = RISK_ACTIONS.map((a) => ({ value: a, label: t(`wb.risk.action.${a}`) }));
  return (
    <>
      {(['medium', 'high'] as const).map((level) => (
        <Col key={level} xs={24} sm={12}>
          {/* No `required` rule: a picker always holds an action, and antd's aria-required is not allowed on its element. */}
          <Form.Item name={level} label={t(`wb.policies.risk.${level}`)}>
            <Select options={actions} data-testid={`${testId}-${level}`} />
          </Form.Item>
        </Col>
      ))}
      <Col xs={24}>
        <Typography.Paragraph type="secondary">{t('wb.policies.risk.levelHint')}</Typography.Paragraph>
        <Typography.Text strong>{t('wb.policies.risk.signals')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('wb.policies.risk.signalsHint')}</Typography.Paragraph>
      </Col>
      {RISK_SIGNALS.map((signal) => (
        <Col key={signal} xs={24} sm={12}>
          <Form.Item name={['signals', signal]} label={t(`wb.risk.signal.${signal}`)} tooltip={t(`wb.risk.signalHint.${signal}`)}>
            <Select options={[{ value: FOLLOW_LEVEL, label: t('wb.risk.followLevel') }, ...actions]} data-testid={`${testId}-signal-${signal}`} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}

/** The default policy's own fields around the action pickers. */
export function RiskFields() {
  const { t } = useTranslation();
  const label = (field: string) => t(`wb.policies.risk.${field}`);
  return (
    <>
      <Col xs={24}>
        <Form.Item name="enabled" label={label('enabled')} extra={label('enabledHint')} valuePropName="checked">
          <Switch data-testid="policy-risk-enabled" />
        </Form.Item>
      </Col>
      <RiskActionFields testId="policy-risk" />
      <Col xs={24}>
        <Form.Item name="notify" label={label('notify')} valuePropName="checked">
          <Switch data-testid="policy-risk-notify" />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="enrolOnStepUp" label={label('enrolOnStepUp')} extra={label('enrolOnStepUpHint')} valuePropName="checked">
          <Switch data-testid="policy-risk-enrolOnStepUp" />
        </Form.Item>
      </Col>
    </>
  );
}
