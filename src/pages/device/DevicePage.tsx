import { useCustom } from '@refinedev/core';
import { Button, Empty, List, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/paths';
import type { DeviceRow } from '../../../contract/schemas/account';
import { useNarrow } from '../log/useNarrow';
import { DeviceItem } from './DeviceItem';

/** /device: the browsers this account signed in from, with remote sign-out of the others. */
export default function DevicePage() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { query } = useCustom<DeviceRow[]>({ url: paths.personal.devices, method: 'post', config: { payload: {} } });
  const devices = (query.data?.data as DeviceRow[] | undefined) ?? [];

  let body;
  if (query.isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} data-testid="devices-loading" />;
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={t('device.loadFailed')}
        subTitle={query.error?.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.actions.retry')}</Button>}
      />
    );
  } else if (devices.length === 0) {
    body = <Empty description={t('device.empty')} />;
  } else {
    body = (
      <List
        data-testid="device-list"
        itemLayout={narrow ? 'vertical' : 'horizontal'}
        dataSource={devices}
        rowKey="deviceId"
        renderItem={(device) => <DeviceItem device={device} onSignedOut={() => void query.refetch()} />}
      />
    );
  }

  return (
    <section>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('device.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('device.intro')}</Typography.Paragraph>
      {body}
    </section>
  );
}
