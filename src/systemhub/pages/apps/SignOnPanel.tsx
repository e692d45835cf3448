import { Alert, Button, Popconfirm, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SIGN_ON_PROTOCOLS, type AdminApp, type SignOnProtocol } from '../../../../contract/schemas/admin/apps';
import { feedback } from '../../../shared/providers/feedback';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { CasPanel } from './CasPanel';
import { OidcDetail } from './OidcDetail';
import { SamlPanel } from './SamlPanel';

/** Leaving SAML or CAS for OpenID Connect or the legacy launch: the registration goes first, the rest is the settings' form. */
function Leave({ app, target }: { app: AdminApp; target: SignOnProtocol }) {
  const { t } = useTranslation();
  const removeSaml = useEndpointMutation(ENDPOINTS.apps.actions.samlRemove, { refresh: ['apps'] });
  const saveCas = useEndpointMutation(ENDPOINTS.apps.actions.casSave, { refresh: ['apps'] });
  const saml = app.protocol === 'saml';
  const protocol = t(`wb.signon.protocol.${app.protocol}`);
  const remove = async () => {
    if (saml) await removeSaml.submit({ id: app.id });
    else await saveCas.submit({ id: app.id, services: [] });
    feedback.success(t('wb.signon.removed'));
  };
  return (
    <Alert
      type="warning"
      showIcon
      message={t('wb.signon.leaveTitle', { protocol })}
      description={
        <Space direction="vertical">
          <Typography.Text>{t('wb.signon.leaveText', { protocol, target: t(`wb.signon.protocol.${target}`) })}</Typography.Text>
          <Popconfirm title={t(saml ? 'wb.signon.leaveSamlConfirm' : 'wb.signon.leaveCasConfirm')} okButtonProps={{ danger: true }} onConfirm={remove}>
            <Button danger loading={removeSaml.isPending || saveCas.isPending} data-testid="signon-leave">
              {t(saml ? 'wb.signon.leaveSaml' : 'wb.signon.leaveCas')}
            </Button>
          </Popconfirm>
        </Space>
      }
    />
  );
}

/**
 * How an application signs people on: OpenID Connect or the legacy launch (the settings' form),
 * SAML 2.0 or CAS (their own settings here). The choice shows what each needs; only a save
 * changes the application's protocol.
 */
export function SignOnPanel({ app }: { app: AdminApp }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<SignOnProtocol>(app.protocol);
  const registered = app.protocol === 'saml' || app.protocol === 'cas';
  const viaSettings = chosen === 'oidc' || chosen === 'legacy';

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Typography.Text strong id="signon-protocol-label">{t('wb.signon.choose')}</Typography.Text>
        <Radio.Group
          aria-labelledby="signon-protocol-label"
          optionType="button"
          value={chosen}
          onChange={(event) => setChosen(event.target.value as SignOnProtocol)}
          options={SIGN_ON_PROTOCOLS.map((p) => ({ value: p, label: t(`wb.signon.protocol.${p}`) }))}
          data-testid="signon-protocol"
        />
        <Typography.Text type="secondary" data-testid="signon-current">{t('wb.signon.current', { protocol: t(`wb.signon.protocol.${app.protocol}`) })}</Typography.Text>
      </Space>
      {viaSettings && registered && <Leave app={app} target={chosen} />}
      {viaSettings && !registered && (
        <>
          <Alert
            type="info"
            showIcon
            message={t('wb.signon.oidcHere')}
            action={<Button size="small" onClick={() => navigate(`/apps/edit/${app.id}`)}>{t('wb.signon.openEdit')}</Button>}
          />
          <OidcDetail app={app} />
        </>
      )}
      {chosen === 'saml' && <SamlPanel app={app} />}
      {chosen === 'cas' && <CasPanel app={app} />}
    </Space>
  );
}
