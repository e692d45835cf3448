import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import { useLifetimeText } from './LifetimeInput';

/** What the application's developers configure it with, to copy: client id, issuer, discovery document. */
export function ProviderInfo({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} data-testid="app-oidc-provider">
      <Descriptions.Item label={t('wb.apps.fields.clientId')}>
        <Typography.Text copyable>{app.clientId}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wb.apps.oidc.issuer')}>
        <Typography.Text copyable>{app.issuer}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wb.apps.oidc.discovery')}>
        <Typography.Text copyable>{app.discoveryUrl}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

function UriList({ uris }: { uris: string[] }) {
  const { t } = useTranslation();
  if (!uris.length) return <>{t('wb.common.none')}</>;
  return (
    <>
      {uris.map((uri) => (
        <div key={uri}>
          <Typography.Text copyable>{uri}</Typography.Text>
        </div>
      ))}
    </>
  );
}

/** An application's OpenID Connect settings as its page shows them. */
export function OidcDetail({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const lifetimeText = useLifetimeText();
  const none = t('wb.common.none');
  const lifetime = (seconds: number | null) => (seconds === null ? t('wb.apps.oidc.providerDefault') : lifetimeText(seconds));
  return (
    <Card size="small" title={t('wb.apps.oidc.title')} style={{ marginTop: 16 }}>
      <ProviderInfo app={app} />
      <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" bordered data-testid="app-oidc-detail">
        <Descriptions.Item label={t('wb.apps.fields.legacy')}>{app.legacy ? t('wb.apps.oidc.protocol.legacy') : t('wb.apps.oidc.protocol.oidc')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.firstParty')}>{app.firstParty ? t('wb.common.yes') : t('wb.common.no')}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.redirectUris')} span={2}>
          <UriList uris={app.redirectUris} />
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.postLogoutRedirectUris')} span={2}>
          <UriList uris={app.postLogoutRedirectUris} />
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.backchannelLogoutUri')} span={2}>{app.backchannelLogoutUri ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.initiateLoginUri')} span={2}>{app.initiateLoginUri ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.grantTypes')} span={2}>
          {app.grantTypes.map((type) => <Tag key={type}>{t(`wb.apps.oidc.grant.${type}`)}</Tag>)}
        </Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.accessTokenTtl')}>{lifetime(app.accessTokenTtl)}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.idTokenTtl')}>{lifetime(app.idTokenTtl)}</Descriptions.Item>
        <Descriptions.Item label={t('wb.apps.fields.refreshTokenTtl')}>{lifetime(app.refreshTokenTtl)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
