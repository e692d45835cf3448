import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlertSummary } from '../../../contract/schemas/signInAlerts';
import { formatTime } from '../../shared/format';
import { useSignalWords } from './RiskJudgementTag';

/** What an alert says: when, on what device, from which address and place, and why the person was told. */
export function AlertFacts({ alert }: { alert: AlertSummary }) {
  const { t } = useTranslation();
  const words = useSignalWords();
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      data-testid="alert-facts"
      items={[
        { key: 'time', label: t('alerts.what.time'), children: formatTime(alert.createdDate) },
        { key: 'device', label: t('alerts.what.device'), children: alert.deviceName || t('alerts.what.unknownDevice') },
        { key: 'address', label: t('alerts.what.address'), children: <span data-testid="alert-ip">{alert.ip}</span> },
        { key: 'place', label: t('alerts.what.place'), children: alert.place || t('alerts.what.unknownPlace') },
        { key: 'why', label: t('alerts.what.why'), children: words(alert.signals) },
      ]}
    />
  );
}
