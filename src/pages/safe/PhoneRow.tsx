import { Button, List, Space, Tag, Typography } from 'antd';
import { factorEndpoints } from '../../../contract/endpoints/factors';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { maskMobile } from '../../../contract/rules';
import type { SafetyScore } from '../../../contract/schemas/personal';
import { REAUTH_QUIET } from '../../shared/components/factors/codes';
import { useReauth } from '../../shared/components/factors/useReauth';
import { useConfirm } from '../../shared/hooks/useConfirm';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { ItemMeta } from '../../shared/components/Headings';
import { useTranslation } from 'react-i18next';

interface Props {
  safety: SafetyScore;
  onBind: () => void;
  onChange: () => void;
  onUpdated: () => void;
}

/**
 * The phone as a verification method. Stopped (phoneEnabled true): shown disabled with enable;
 * none: bind; bound and in use: change and stop. Stopping takes a factor away, so like removing
 * one it asks the person to confirm it is them first (the same list of ways as the factors card).
 */
export function PhoneRow({ safety, onBind, onChange, onUpdated }: Props) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const { data: factors } = useEndpointQuery(factorEndpoints.list, {});
  const { guarded, dialog } = useReauth(factors?.reauthMethods ?? ['PASSWORD']);
  const stop = useEndpointMutation(securityEndpoints.stopMobile, { quiet: REAUTH_QUIET, success: t('safe.messages.phoneStopped') });
  const use = useEndpointMutation(securityEndpoints.useMobile, { success: t('safe.messages.phoneEnabled') });
  const stopped = !!safety.mobileNo && safety.phoneEnabled;

  /** Either way the row shows what is true now (a cancelled re-authentication changes nothing). */
  async function change(action: typeof stop) {
    await guarded(() => action.submit({})).catch(() => undefined);
    onUpdated();
  }

  function confirmStop() {
    confirm({
      title: t('safe.phone.stopTitle'),
      content: t('safe.phone.stopConfirm'),
      okText: t('safe.phone.stop'),
      // Closes at once: the re-authentication dialog may follow, and must not sit beneath it.
      onOk: () => void change(stop),
    });
  }

  let status;
  let actions;
  if (!safety.mobileNo) {
    status = <Typography.Text type="secondary">{t('safe.phone.none')}</Typography.Text>;
    actions = [<Button key="bind" type="link" onClick={onBind} data-testid="phone-bind">{t('safe.phone.bind')}</Button>];
  } else if (stopped) {
    status = (
      <Space>
        <Typography.Text type="secondary" data-testid="phone-number">{maskMobile(safety.mobileNo)}</Typography.Text>
        <Tag>{t('safe.phone.disabled')}</Tag>
      </Space>
    );
    actions = [
      <Button key="use" type="link" loading={use.isPending} onClick={() => void change(use)} data-testid="phone-enable">
        {t('safe.phone.enable')}
      </Button>,
    ];
  } else {
    status = <Typography.Text data-testid="phone-number">{maskMobile(safety.mobileNo)}</Typography.Text>;
    actions = [
      <Button key="change" type="link" onClick={onChange} data-testid="phone-change">{t('safe.phone.change')}</Button>,
      <Button key="stop" type="link" danger onClick={confirmStop} data-testid="phone-stop">{t('safe.phone.stop')}</Button>,
    ];
  }

  return (
    <List.Item actions={actions} data-testid="phone-row" data-state={!safety.mobileNo ? 'none' : stopped ? 'stopped' : 'bound'}>
      <ItemMeta title={t('safe.phone.title')} description={t('safe.phone.description')} />
      {status}
      {dialog}
    </List.Item>
  );
}
