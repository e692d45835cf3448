import { Alert, Button, Card, Descriptions, Popconfirm, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUserFactors } from '../../../../contract/schemas/factors';
import { feedback } from '../../../shared/providers/feedback';
import { formatTimeOrBlank } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';

type Removable = 'TOTP' | 'PASSKEY' | 'RECOVERY_CODE';

/** Which factors the person holds that an administrator can take away (the phone is the account's, changed on the person's page). */
function held(factors: AdminUserFactors): Record<Removable, boolean> {
  return { TOTP: factors.totp !== null, PASSKEY: factors.passkeys.length > 0, RECOVERY_CODE: factors.recoveryCodes !== null };
}

/**
 * A person's second factors, no secrets shown, and their removal when a device is lost: the
 * helpdesk's answer to "my phone with the authenticator app is gone". Removing ends the
 * person's sessions (server side); the policy then has them enrol again at their next sign-in.
 */
export function UserFactors({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const factors = useEndpointQuery(ENDPOINTS.users.actions.factors, { id });
  const reset = useEndpointMutation(ENDPOINTS.users.actions.resetFactors, { refresh: ['users'] });
  const none = t('wb.users.factors.notSetUp');
  const data = factors.data;

  const remove = async (kind: Removable) => {
    await reset.submit({ id, kinds: [kind] });
    await factors.refetch();
    feedback.success(t('wb.users.factors.removed'));
  };

  const policy = !data ? null : data.passkeyRequired
    ? <Tag color="purple">{t('wb.users.factors.passkeyOnly')}</Tag>
    : data.secondFactorRequired ? <Tag color="blue">{t('wb.users.factors.required')}</Tag> : t('wb.users.factors.notRequired');
  const used = (time: string | null) => (time ? t('wb.users.factors.lastUsed', { time: formatTimeOrBlank(time) }) : t('wb.users.factors.neverUsed'));

  return (
    <Card size="small" title={t('wb.users.factors.title')} style={{ marginBottom: 16 }} data-testid="user-factors">
      {factors.isError ? <Alert type="error" showIcon message={t('wb.users.factors.loadFailed')} /> : null}
      <Spin spinning={factors.isLoading || reset.isPending}>
        {data ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label={t('wb.users.factors.policy')}>{policy}</Descriptions.Item>
              <Descriptions.Item label={t('wb.users.factors.phone')}>
                {data.phone ? <>{data.phone.mobile}{data.phone.enabled ? null : <Tag style={{ marginInlineStart: 8 }}>{t('wb.users.factors.phoneStopped')}</Tag>}</> : none}
              </Descriptions.Item>
              <Descriptions.Item label={t('wb.users.factors.app')}>
                <span data-testid="user-factors-totp">
                  {data.totp ? `${t('wb.users.factors.appSince', { time: formatTimeOrBlank(data.totp.createdAt) })}, ${used(data.totp.lastUsedAt)}` : none}
                </span>
                {data.totp?.lockedUntil ? <Tag color="red" style={{ marginInlineStart: 8 }}>{t('wb.users.factors.appLocked', { time: formatTimeOrBlank(data.totp.lockedUntil) })}</Tag> : null}
              </Descriptions.Item>
              <Descriptions.Item label={t('wb.users.factors.recovery')}>
                {data.recoveryCodes ? t('wb.users.factors.recoveryLeft', { ...data.recoveryCodes, time: formatTimeOrBlank(data.recoveryCodes.createdAt) }) : none}
              </Descriptions.Item>
              <Descriptions.Item label={t('wb.users.factors.passkeys')} span={2}>
                {data.passkeys.length ? (
                  <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="user-factors-passkeys">
                    {data.passkeys.map((p) => <li key={p.id}>{`${p.name} — ${used(p.lastUsedAt)}`}</li>)}
                  </ul>
                ) : none}
              </Descriptions.Item>
            </Descriptions>
            <Space wrap>
              {(Object.entries(held(data)) as [Removable, boolean][]).map(([kind, has]) => (
                <Popconfirm
                  key={kind}
                  title={t(`wb.users.factors.confirm.${kind}`, { name })}
                  description={t('wb.users.factors.confirmNote')}
                  okButtonProps={{ danger: true }}
                  disabled={!has}
                  onConfirm={() => remove(kind)}
                >
                  <Button danger disabled={!has} data-testid={`user-factors-remove-${kind}`}>
                    {t(`wb.users.factors.remove.${kind}`)}
                  </Button>
                </Popconfirm>
              ))}
            </Space>
          </Space>
        ) : null}
      </Spin>
    </Card>
  );
}
