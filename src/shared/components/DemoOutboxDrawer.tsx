import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { devEndpoints } from '../../../contract/endpoints/dev';
import type { OutboxMessage } from '../../../contract/schemas/common';
import { useRequest } from '../hooks/useRequest';
import { call } from '../providers/api';
import { PageLoading } from './PageLoading';
import { ItemMeta } from './Headings';

const loadOutbox = () => call(devEndpoints.outbox);

function MessageItem({ message }: { message: OutboxMessage }) {
  return (
    <List.Item data-testid="outbox-message">
      <ItemMeta
        title={
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
            <span>{message.mobileNo}</span>
            <Tag>{message.purpose}</Tag>
            {message.code ? <strong data-testid="outbox-code">{message.code}</strong> : null}
          </span>
        }
        description={
          <>
            <div>{message.content}</div>
            <time dateTime={message.sentAt} style={{ fontSize: 12 }}>{new Date(message.sentAt).toLocaleString()}</time>
          </>
        }
      />
    </List.Item>
  );
}

/** The drawer listing the latest texts, refreshable; loaded on the first click of the launcher. */
export default function DemoOutboxDrawer({ open, opening, onClose }: { open: boolean; opening: number; onClose: () => void }) {
  const { t } = useTranslation();
  // Each opening asks again: it should show what was sent since the last one.
  const outbox = useRequest(loadOutbox, `outbox:${opening}`);

  const messages = outbox.data ?? [];
  return (
    <Drawer
      title={t('outbox.title')}
      open={open}
      onClose={onClose}
      width={Math.min(380, window.innerWidth)}
      extra={
        <Button icon={<ReloadOutlined />} onClick={outbox.reload} loading={outbox.isLoading} data-testid="outbox-refresh">
          {t('outbox.refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon message={t('outbox.notice')} style={{ marginBottom: 12 }} />
      {outbox.isLoading ? (
        <PageLoading minHeight={120} />
      ) : outbox.error ? (
        <Alert type="error" showIcon message={t('outbox.failed')} action={<Button size="small" onClick={outbox.reload}>{t('outbox.refresh')}</Button>} />
      ) : messages.length === 0 ? (
        <Empty description={t('outbox.empty')} />
      ) : (
        <List dataSource={messages} rowKey={(m) => `${m.sentAt}:${m.mobileNo}`} renderItem={(m) => <MessageItem message={m} />} data-testid="outbox-list" />
      )}
    </Drawer>
  );
}
