import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signInAlertEndpoints as ep } from '../../../contract/endpoints/signInAlerts';
import type { SignInAlertRow } from '../../../contract/schemas/signInAlerts';
import { ItemMeta } from '../../shared/components/Headings';
import { useMobile } from '../../shared/components/useMobile';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import type { Result } from '../../shared/providers/api';
import { formatTime } from '../../shared/format';
import { useSignalWords } from './RiskJudgementTag';
import { DISOWNED_PAGE } from './paths';


/** Alerts shown before "Show all". */
const SHOWN = 3;

function AlertItem({ alert, onRead, onDisown }: { alert: SignInAlertRow; onRead: (a: SignInAlertRow) => void; onDisown: (a: SignInAlertRow) => void }) {
  const { t } = useTranslation();
  const words = useSignalWords();
  const where = alert.place ? `${alert.place} (${alert.ip})` : alert.ip;
  const actions = alert.disownedDate
    ? [<Tag key="disowned" color="default">{t('alerts.block.disowned')}</Tag>]
    : [
        ...(alert.read ? [] : [
          <Button key="read" size="small" onClick={() => onRead(alert)} data-testid="alert-read">{t('alerts.block.itWasMe')}</Button>,
        ]),
        <Button key="not-me" size="small" danger onClick={() => onDisown(alert)} data-testid="alert-not-me">{t('alerts.block.notMe')}</Button>,
      ];
  return (
    <List.Item actions={actions} data-testid="alert-item" data-unread={!alert.read} data-id={alert.id}>
      <ItemMeta
        avatar={<Badge dot={!alert.read}><SafetyCertificateOutlined style={{ fontSize: 20 }} aria-hidden /></Badge>}
        title={
          <Space size={4} wrap>
            {!alert.read ? <Tag color="red" data-testid="alert-unread">{t('alerts.block.unread')}</Tag> : null}
            <span>{t('alerts.block.item', { time: formatTime(alert.createdDate), device: alert.deviceName || t('alerts.what.unknownDevice'), where })}</span>
          </Space>
        }
        description={<Typography.Text type="secondary">{words(alert.signals)}</Typography.Text>}
      />
    </List.Item>
  );
}

/**
 * /myApp's sign-in alerts, as a notice block (loaded only when there is one, SignInAlertsBlock.tsx's useSignInAlerts). "It was me" marks an
 * alert read; "This was not me" (after a confirmation) ends every session of the person — this
 * one too — so the browser then goes to the public page that says what happened.
 *
 * The list is the block's read, passed in: a read of its own here would be a second observer
 * mounting when this chunk arrives, asking the server again — even while the person is
 * signing out, which then answers 401.
 */
export default function SignInAlertsCard({ data, failed }: { data: Result<typeof ep.list> | undefined; failed: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [all, setAll] = useState(false);
  // On a phone the buttons go under the alert, which keeps the line's width.
  const mobile = useMobile();
  const read = useEndpointMutation(ep.read, { reread: [ep.list] });
  // Nothing is read again after disowning: the session has ended, and the page is left.
  const disown = useEndpointMutation(ep.disown);

  if (failed) return <Alert type="warning" showIcon message={t('alerts.block.loadFailed')} style={{ marginBottom: 16 }} data-testid="alerts-failed" />;
  if (!data || data.total === 0) return null;

  function askDisown(alert: SignInAlertRow) {
    confirm({
      title: t('alerts.confirm.title'),
      content: t('alerts.confirm.content'),
      okText: t('alerts.confirm.ok'),
      onOk: async () => {
        await disown.submit({ id: alert.id });
        // This session has ended with the others: a full load leaves nothing of it behind.
        window.location.assign(DISOWNED_PAGE);
      },
    });
  }

  const alerts = all ? data.datas : data.datas.slice(0, SHOWN);
  return (
    <Card
      size="small"
      title={
        <Space size={8}>
          <span>{t('alerts.block.title')}</span>
          {data.unread > 0 ? <Badge count={data.unread} data-testid="alerts-unread-count" /> : null}
        </Space>
      }
      extra={
        data.datas.length > SHOWN ? (
          <Button type="link" size="small" onClick={() => setAll(!all)} aria-expanded={all} data-testid="alerts-more">
            {all ? t('alerts.block.less') : t('alerts.block.more', { total: data.total })}
          </Button>
        ) : null
      }
      style={{ marginBottom: 16 }}
      data-testid="sign-in-alerts"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('alerts.block.intro')}</Typography.Paragraph>
      <List
        size="small"
        itemLayout={mobile ? 'vertical' : 'horizontal'}
        dataSource={alerts}
        rowKey="id"
        renderItem={(alert) => <AlertItem alert={alert} onRead={(a) => void read.submit({ ids: [a.id] }).catch(() => undefined)} onDisown={askDisown} />}
      />
    </Card>
  );
}
