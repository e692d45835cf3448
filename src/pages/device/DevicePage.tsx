import { Empty, List, Skeleton, Typography } from 'antd';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { PageTitle } from '../../shared/components/PageTitle';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useNarrow } from '../log/useNarrow';
import { DeviceItem } from './DeviceItem';
import { useTranslation } from 'react-i18next';

/** /device: the browsers this account signed in from, with remote sign-out of the others. */
export default function DevicePage() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const { data, query } = useEndpointQuery(securityEndpoints.devices, {});
  const devices = data ?? [];

  let body;
  if (query.isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} data-testid="devices-loading" />;
  } else if (query.isError) {
    body = (
      <LoadFailed title={t('device.loadFailed')} error={query.error} onRetry={query.refetch} />
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
      <PageTitle>
        {t('device.title')}
      </PageTitle>
      <Typography.Paragraph type="secondary">{t('device.intro')}</Typography.Paragraph>
      {body}
    </section>
  );
}
