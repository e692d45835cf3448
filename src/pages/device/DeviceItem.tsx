import { DesktopOutlined } from '@ant-design/icons';

import { Avatar, Button, List, Space, Tag, Typography } from 'antd';
import { securityEndpoints } from '../../../contract/endpoints/security';
import type { DeviceRow } from '../../../contract/schemas/account';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { useEndpointMutation } from '../../shared/hooks/useEndpoint';
import { formatTime } from '../../shared/format';
import { ItemMeta } from '../../shared/components/Headings';
import { useTranslation } from 'react-i18next';
import { RiskJudgementTag } from '../sign-in-alerts/RiskJudgementTag';

interface Props {
  device: DeviceRow;
  onSignedOut: () => void;
}

/** One device: name, when and where it was seen, and sign-out (the device in use signs out with Logout). */
export function DeviceItem({ device, onSignedOut }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const signOut = useEndpointMutation(securityEndpoints.deviceSignOut, { success: (answer) => t('device.signOut.done', { n: answer.ended }) });
  const name = device.deviceName || t('device.unknownName');

  function confirmSignOut() {
    confirm({
      title: t('device.signOut.title'),
      content: t('device.signOut.content', { name }),
      okText: t('device.signOut.ok'),
      onOk: async () => {
        // Either way the list below says what is true now.
        await signOut.submit({ deviceId: device.deviceId }).catch(() => undefined);
        onSignedOut();
      },
    });
  }

  const action = device.current ? (
    <Typography.Text type="secondary" data-testid="device-current-note">
      {t('device.useLogout')}
    </Typography.Text>
  ) : (
    <Button danger onClick={confirmSignOut} data-testid="device-sign-out">
      {t('device.signOut.action')}
    </Button>
  );

  return (
    <List.Item actions={[action]} data-testid="device-item" data-current={device.current}>
      <ItemMeta
        avatar={<Avatar icon={<DesktopOutlined />} />}
        title={
          <Space wrap size={4}>
            <span>{name}</span>
            {device.current ? <Tag color="blue">{t('device.current')}</Tag> : null}
            {device.trusted ? <Tag color="green">{t('device.trusted')}</Tag> : null}
            {device.activeSessions > 0 ? <Tag>{t('device.sessions', { n: device.activeSessions })}</Tag> : null}
          </Space>
        }
        description={
          <Space direction="vertical" size={0}>
            <span>{t('device.lastSeen', { time: formatTime(device.lastSeen), ip: device.lastIp || '-' })}</span>
            <span>{t('device.firstSeen', { time: formatTime(device.firstSeen) })}</span>
            {device.risk ? <RiskJudgementTag risk={device.risk} compact /> : null}
          </Space>
        }
      />
    </List.Item>
  );
}
