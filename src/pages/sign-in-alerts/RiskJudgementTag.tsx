import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RiskJudgement, RiskLevel, RiskSignal } from '../../../contract/schemas/risk';

const LEVEL_COLOURS: Record<RiskLevel, string> = { LOW: 'success', MEDIUM: 'warning', HIGH: 'error' };

/** The signals in words ("new device, new network"), or "nothing unusual". */
export function useSignalWords() {
  const { t } = useTranslation();
  return (signals: readonly RiskSignal[]) => (signals.length ? signals.map((s) => t(`alerts.signal.${s}`)).join(t('alerts.judgement.separator')) : t('alerts.judgement.noSignals'));
}

/**
 * How a sign-in was judged: a level tag, the signals in words and the place, as the logs and
 * devices pages show it; a dash for a sign-in that was not judged (launches, older sign-ins).
 */
export function RiskJudgementTag({ risk, compact = false }: { risk: RiskJudgement | null; compact?: boolean }) {
  const { t } = useTranslation();
  const words = useSignalWords();
  if (!risk) return <span data-testid="risk-none">{t('alerts.judgement.notJudged')}</span>;
  return (
    <Space size={4} wrap direction={compact ? 'horizontal' : 'vertical'} data-testid="risk-judgement" data-level={risk.level}>
      <Tag color={LEVEL_COLOURS[risk.level]} style={{ marginInlineEnd: 0 }}>{t(`alerts.level.${risk.level}`)}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="risk-signals">{words(risk.signals)}</Typography.Text>
      {risk.place ? <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="risk-place">{t('alerts.judgement.place', { place: risk.place })}</Typography.Text> : null}
    </Space>
  );
}
