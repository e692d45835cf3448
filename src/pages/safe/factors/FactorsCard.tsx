import { Alert, Button, Card, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { factorEndpoints as ep } from '../../../../contract/endpoints/factors';
import type { FactorOverview, PasskeyItem } from '../../../../contract/schemas/factors';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { useConfirm } from '../../../shared/hooks/useConfirm';
import { useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { formatTime } from '../../../shared/format';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';
import { TotpEnrolDialog } from './TotpEnrolDialog';
import { useFactorActions } from './useFactorActions';
import { InlineHeading, ItemMeta } from '../../../shared/components/Headings';
import { useTranslation } from 'react-i18next';

interface Props {
  account: string;
  narrow: boolean;
  /** Reloads what depends on the factors: this card and the security score. */
  onChanged: () => void;
}

/** "Sign-in factors" on /safe: passkeys, authenticator app, phone and recovery codes, strongest first. */
export function FactorsCard({ account, narrow, onChanged }: Props) {
  const { t } = useTranslation();
  const { data, query } = useEndpointQuery(ep.list, {});
  if (query.isLoading) return <Card title={t('factors.card.title')} style={{ marginTop: 24 }}><Skeleton active /></Card>;
  if (query.isError || !data) return <LoadFailed title={t('factors.card.loadFailed')} error={query.error} onRetry={query.refetch} />;
  return <FactorsList overview={data} account={account} narrow={narrow} onChanged={onChanged} />;
}

function FactorsList({ overview, account, narrow, onChanged }: Props & { overview: FactorOverview }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const actions = useFactorActions(overview.reauthMethods, onChanged);
  const [renaming, setRenaming] = useState<PasskeyItem | null>(null);
  const { phone, totp, passkeys, recoveryCodes } = overview;
  const layout = narrow ? 'vertical' : 'horizontal';

  // The question closes at once (onOk not awaited): a re-authentication dialog may follow, and must not sit under it.
  const confirmRemoveTotp = () =>
    confirm({ title: t('factors.totp.removeTitle'), content: t('factors.totp.removeConfirm'), okText: t('factors.totp.remove'), onOk: () => void actions.totp.remove() });
  const confirmRemovePasskey = (passkey: PasskeyItem) =>
    confirm({ title: t('factors.passkeys.removeTitle', { name: passkey.name }), content: t('factors.passkeys.removeConfirm'), okText: t('factors.passkeys.remove'), onOk: () => void actions.passkeys.remove(passkey.id) });
  const askGenerate = () =>
    recoveryCodes
      ? confirm({ title: t('factors.recovery.generateTitle'), content: t('factors.recovery.generateConfirm'), okText: t('factors.recovery.generateOk'), onOk: () => void actions.recovery.generate() })
      : void actions.recovery.generate();

  return (
    <Card
      title={<InlineHeading id="factors-title">{t('factors.card.title')}</InlineHeading>}
      style={{ marginTop: 24 }}
      styles={{ body: { paddingTop: 8 } }}
      data-testid="factors-card"
    >
      <Typography.Paragraph type="secondary">{t('factors.card.description')}</Typography.Paragraph>
      {overview.passkeyRequired || overview.secondFactorRequired ? (
        <Alert type="info" showIcon message={t(overview.passkeyRequired ? 'factors.card.passkeyRequired' : 'factors.card.required')} style={{ marginBottom: 12 }} />
      ) : null}
      <List itemLayout={layout} aria-labelledby="factors-title">
        <ul className="ant-list-items">
          <List.Item
            data-testid="factor-passkeys"
            actions={[<Button key="add" type="link" onClick={actions.passkeys.open} data-testid="passkey-add">{t('factors.passkeys.add')}</Button>]}
          >
            <ItemMeta level={3} title={t('factors.passkeys.title')} description={t('factors.passkeys.description')} />
            <Typography.Text type={passkeys.length ? undefined : 'secondary'}>
              {passkeys.length ? t('factors.passkeys.count', { count: passkeys.length }) : t('factors.passkeys.none')}
            </Typography.Text>
          </List.Item>
          {passkeys.map((passkey) => (
            <List.Item
              key={passkey.id}
              style={{ paddingInlineStart: narrow ? 0 : 24 }}
              data-testid="passkey-item"
              actions={[
                <Button key="rename" type="link" onClick={() => setRenaming(passkey)} aria-label={`${t('factors.passkeys.rename')} ${passkey.name}`} data-testid="passkey-rename">{t('factors.passkeys.rename')}</Button>,
                <Button key="remove" type="link" danger onClick={() => confirmRemovePasskey(passkey)} aria-label={`${t('factors.passkeys.remove')} ${passkey.name}`} data-testid="passkey-remove">{t('factors.passkeys.remove')}</Button>,
              ]}
            >
              <ItemMeta
                level={3}
                title={<Space wrap><span data-testid="passkey-name-text">{passkey.name}</span>{passkey.backedUp ? <Tag>{t('factors.passkeys.synced')}</Tag> : null}</Space>}
                description={
                  <Space wrap size={[16, 0]}>
                    <span>{t('factors.passkeys.created', { time: formatTime(passkey.createdAt) })}</span>
                    <span data-testid="passkey-last-used">{passkey.lastUsedAt ? t('factors.passkeys.lastUsed', { time: formatTime(passkey.lastUsedAt) }) : t('factors.passkeys.neverUsed')}</span>
                  </Space>
                }
              />
            </List.Item>
          ))}
          <List.Item
            data-testid="factor-totp"
            data-state={totp ? 'on' : 'none'}
            actions={[
              totp ? (
                <Button key="remove" type="link" danger onClick={confirmRemoveTotp} data-testid="totp-remove">{t('factors.totp.remove')}</Button>
              ) : (
                <Button key="add" type="link" loading={actions.totp.starting} onClick={() => void actions.totp.start()} data-testid="totp-add">{t('factors.totp.add')}</Button>
              ),
            ]}
          >
            <ItemMeta level={3} title={t('factors.totp.title')} description={t('factors.totp.description')} />
            {totp ? (
              <Space direction="vertical" size={0}>
                <span>{t('factors.totp.since', { time: formatTime(totp.createdAt) })}{totp.lastUsedAt ? `, ${t('factors.totp.lastUsed', { time: formatTime(totp.lastUsedAt) })}` : ''}</span>
                {totp.lockedUntil ? <Typography.Text type="danger">{t('factors.totp.locked', { time: formatTime(totp.lockedUntil) })}</Typography.Text> : null}
              </Space>
            ) : (
              <Typography.Text type="secondary">{t('factors.totp.none')}</Typography.Text>
            )}
          </List.Item>
          <List.Item data-testid="factor-sms">
            <ItemMeta level={3} title={t('factors.sms.title')} description={t('factors.sms.description')} />
            <Typography.Text type={phone?.enabled ? undefined : 'secondary'}>
              {phone ? t(phone.enabled ? 'factors.sms.on' : 'factors.sms.off', { mobile: phone.mobile }) : t('factors.sms.none')}
            </Typography.Text>
          </List.Item>
          <List.Item
            data-testid="factor-recovery"
            actions={[<Button key="generate" type="link" loading={actions.recovery.generating} onClick={askGenerate} data-testid="recovery-generate">{t('factors.recovery.generate')}</Button>]}
          >
            <ItemMeta level={3} title={t('factors.recovery.title')} description={t('factors.recovery.description')} />
            <Typography.Text type={recoveryCodes ? undefined : 'secondary'} data-testid="recovery-remaining">
              {recoveryCodes ? t('factors.recovery.remaining', { remaining: recoveryCodes.remaining, total: recoveryCodes.total }) : t('factors.recovery.none')}
            </Typography.Text>
          </List.Item>
        </ul>
      </List>
      {actions.dialog}
      <AddPasskeyDialog open={actions.passkeys.adding} busy={actions.passkeys.creating} onCreate={(name) => void actions.passkeys.create(name)} onClose={actions.passkeys.close} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} onRenamed={onChanged} />
      <TotpEnrolDialog enrolment={actions.totp.enrolment} busy={actions.totp.confirming} onConfirm={actions.totp.confirm} onClose={actions.totp.cancel} />
      <RecoveryCodesDialog codes={actions.recovery.codes} account={account} onClose={actions.recovery.close} />
    </Card>
  );
}
