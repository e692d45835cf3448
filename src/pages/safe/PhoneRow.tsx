import { useCustomMutation } from '@refinedev/core';
import { Button, List, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/paths';
import { maskMobile } from '../../../contract/rules';
import type { SafetyScore } from '../../../contract/schemas/personal';
import { feedback } from '../../providers/feedback';

interface Props {
  safety: SafetyScore;
  onBind: () => void;
  onChange: () => void;
  onUpdated: () => void;
}

/**
 * The phone as a verification method. Stopped (phoneEnabled true): shown disabled with enable;
 * none: bind; bound and in use: change and stop.
 */
export function PhoneRow({ safety, onBind, onChange, onUpdated }: Props) {
  const { t } = useTranslation();
  const { mutateAsync, mutation } = useCustomMutation();
  const stopped = !!safety.mobileNo && safety.phoneEnabled;

  async function call(url: string, done: string) {
    try {
      await mutateAsync({ url, method: 'post', values: {} });
      feedback.success(done);
    } catch {
      // The http layer showed the refusal.
    }
    onUpdated();
  }

  function confirmStop() {
    feedback.confirm({
      title: t('safe.phone.stopTitle'),
      content: t('safe.phone.stopConfirm'),
      okText: t('safe.phone.stop'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as ButtonProps,
      cancelText: t('common.actions.cancel'),
      onOk: () => call(paths.personal.stopMobile, t('safe.messages.phoneStopped')),
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
      <Button key="use" type="link" loading={mutation.isPending} onClick={() => void call(paths.personal.useMobile, t('safe.messages.phoneEnabled'))} data-testid="phone-enable">
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
      <List.Item.Meta title={t('safe.phone.title')} description={t('safe.phone.description')} />
      {status}
    </List.Item>
  );
}
