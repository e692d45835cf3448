import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useShow } from '@refinedev/core';
import { Avatar, Button, Card, Descriptions, Popconfirm, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AdminApp, RotatedSecret } from '../../../../contract/schemas/admin/apps';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ShownOnce } from '../../shared/ShownOnce';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { ApproversPanel } from './ApproversPanel';
import { GrantsPanel } from './GrantsPanel';
import { RolesPanel } from './RolesPanel';
import { NotFound } from '../../shared/NotFound';
import { OidcDetail } from './OidcDetail';
import { SignOnPanel } from './SignOnPanel';
import { RiskPolicyCard } from './RiskPolicyCard';

function Settings({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const may = useMay();
  const rotate = useEndpointMutation(ENDPOINTS.apps.actions.rotateSecret, { refresh: ['apps'] });
  const [rotated, setRotated] = useState<RotatedSecret | null>(null);
  const none = t('wb.common.none');
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="app-detail">
        <Descriptions.Item label={t('wb.apps.fields.appId')}>{app.appId}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.clientId')}>{app.clientId}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.category')}>{app.category ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.enabled')}>{app.enabled ? <Tag color="green">{t('wb.common.enabled')}</Tag> : <Tag>{t('wb.common.disabled')}</Tag>}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.idpSsoUrl')} span={2}>
          <Typography.Text copyable>{app.idpSsoUrl}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.loginTypes')}>{app.loginTypes.map((type) => <Tag key={type}>{t(`wb.apps.loginType.${type}`)}</Tag>)}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.captchaStrategy')}>{t(`wb.apps.captcha.${app.captchaStrategy ?? 'default'}`)}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.secondAuthRequired')}>{app.secondAuthRequired ? t('wb.common.yes') : t('wb.common.no')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.permSystem')}>{app.permSystem ? t('wb.common.yes') : t('wb.common.no')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.sortOrder')}>{app.sortOrder}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.createdAt')}>{formatTimeOrBlank(app.createdAt)}</Descriptions.Item>
      </Descriptions>
      {(app.protocol === 'oidc' || app.protocol === 'legacy') && <OidcDetail app={app} />}
      {may('apps', 'rotateSecret') ? (
        <Card size="small" title={t('wb.apps.secret.title')} style={{ marginTop: 16 }}>
          <Space direction="vertical">
            <Typography.Text type="secondary">
              {app.clientSecretSet ? t('wb.apps.secret.set') : t('wb.apps.secret.notSet')}
              {app.previousSecretValidUntil ? ` ${t('wb.apps.secret.previousUntil', { time: formatTimeOrBlank(app.previousSecretValidUntil) })}` : ''}
            </Typography.Text>
            <Popconfirm
              title={t(app.clientSecretSet ? 'wb.apps.secret.rotateConfirm' : 'wb.apps.secret.generateConfirm')}
              okButtonProps={{ danger: app.clientSecretSet }}
              onConfirm={async () => setRotated(await rotate.submit({ id: app.id }))}
            >
              <Button icon={<KeyOutlined />} loading={rotate.isPending} data-testid="app-rotate-secret">
                {app.clientSecretSet ? t('wb.apps.secret.rotate') : t('wb.apps.secret.generate')}
              </Button>
            </Popconfirm>
          </Space>
        </Card>
      ) : null}
      {may('apps', 'riskPolicyGet') ? <RiskPolicyCard app={app} /> : null}
      <ShownOnce
        secret={rotated?.clientSecret ?? null}
        title={t('wb.apps.secret.shownTitle', { clientId: rotated?.clientId ?? '' })}
        description={rotated?.previousValidUntil ? <Typography.Text>{t('wb.apps.secret.previousUntil', { time: formatTimeOrBlank(rotated.previousValidUntil) })}</Typography.Text> : null}
        onClose={() => setRotated(null)}
        testId="client-secret"
      />
    </>
  );
}

/** One application: its settings and client secret, roles, approvers and who may use it. */
export default function AppShow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { query } = useShow<AdminApp>({ resource: 'apps', id });
  const may = useMay();
  const app = query.data?.data;

  if (query.isError) return <NotFound back="/apps" />;
  if (!app) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <>
      <PageHeader
        title={
          <Space>
            <Avatar shape="square" src={app.icon || undefined} alt="">
              {app.appName.slice(0, 1)}
            </Avatar>
            {app.appName}
          </Space>
        }
        back="/apps"
        extra={
          may('apps', 'edit') ? (
            <Button icon={<EditOutlined />} onClick={() => navigate(`/apps/edit/${app.id}`)} data-testid="app-edit">
              {t('wb.common.edit')}
            </Button>
          ) : null
        }
      />
      <Tabs
        destroyOnHidden
        // A tab shows for the duties its first read names: sign-on settings are the system
        // administrator's, roles, approvers and grants the security administrator's, all of them an owner's.
        items={[
          { key: 'settings', label: t('wb.apps.tabs.settings'), children: <Settings app={app} /> },
          ...(may('apps', 'samlGet') ? [{ key: 'signon', label: t('wb.signon.tab'), children: <SignOnPanel app={app} /> }] : []),
          ...(may('apps', 'roles') ? [{ key: 'roles', label: t('wb.apps.tabs.roles'), children: <RolesPanel appId={app.id} /> }] : []),
          ...(may('apps', 'approvers') ? [{ key: 'approvers', label: t('wb.apps.tabs.approvers'), children: <ApproversPanel appId={app.id} /> }] : []),
          ...(may('appUserGrants', 'list') ? [{ key: 'grants', label: t('wb.apps.tabs.grants'), children: <GrantsPanel appId={app.id} /> }] : []),
        ]}
      />
    </>
  );
}
