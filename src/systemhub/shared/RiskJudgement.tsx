import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RiskJudgement as Judgement, RiskLevel } from '../../../contract/schemas/risk';

export const LEVEL_COLOURS: Record<RiskLevel, string> = { LOW: 'green', MEDIUM: 'orange', HIGH: 'red' };

/** A sign-in's judgement in words: the level as a tag, the signals that fired, and the place when known. */
export function RiskJudgement({ risk, compact = false }: { risk: Judgement | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!risk) return <Typography.Text type="secondary">{t('wb.risk.notJudged')}</Typography.Text>;
  const signals = risk.signals.map((s) => t(`wb.risk.signal.${s}`)).join(t('wb.policies.history.listSeparator'));
  return (
    <Space direction={compact ? 'horizontal' : 'vertical'} size={2} data-testid="risk-judgement">
      <Tag color={LEVEL_COLOURS[risk.level]} data-testid={`risk-level-${risk.level}`}>{t(`wb.risk.level.${risk.level}`)}</Tag>
      {compact ? null : <Typography.Text type="secondary" style={{ fontSize: 12 }}>{signals || t('wb.risk.noSignals')}</Typography.Text>}
      {!compact && risk.place ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{risk.place}</Typography.Text> : null}
    </Space>
  );
}
