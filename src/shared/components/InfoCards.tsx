import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Col, Row, Statistic, Tag } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { securityEndpoints } from '../../../contract/endpoints/security';
import { SECURITY_SCORE_GOOD } from '../../../contract/rules';
import { useEndpointQuery } from '../hooks/useEndpoint';
import { Panel } from './Panel';
import { useTranslation } from 'react-i18next';

function InfoCard({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Col xs={12} lg={6}>
      <Link to={to} data-testid={testId}>
        <Panel hoverable>
          {children}
        </Panel>
      </Link>
    </Col>
  );
}

/**
 * The personal centre's header: my apps, security score, historic devices, today's SSO logins.
 * On phones (`collapsible`) the four cards would push the page below the first screen: they
 * start folded into one line with the numbers, and open on demand.
 */
export function InfoCards({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  const { data: today, query } = useEndpointQuery(accountEndpoints.todayNum, undefined);
  // Every browser this account ever signed in from, one per device (the devices table).
  const { data: devices, query: devicesQuery } = useEndpointQuery(securityEndpoints.devices, {});
  const loading = query.isLoading;
  // Numbers that failed to load read as a dash rather than a misleading zero.
  const value = (n: number | undefined) => (query.isError || n === undefined ? '-' : n);
  const safe = (today?.score ?? 0) >= SECURITY_SCORE_GOOD;

  if (collapsible && !expanded) {
    const summary = [
      `${t('cards.myApps')} ${value(today?.appCount)}`,
      `${t('cards.securityScore')} ${value(today?.score)}`,
      `${t('cards.devices')} ${devicesQuery.isError || devices === undefined ? '-' : devices.length}`,
    ].join(' · ');
    return (
      <Button
        block
        type="text"
        icon={<RightOutlined />}
        aria-expanded={false}
        aria-controls={panelId}
        onClick={() => setExpanded(true)}
        style={{ justifyContent: 'flex-start', marginBottom: 8, background: '#fff', overflow: 'hidden' }}
        data-testid="info-cards-toggle"
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{summary}</span>
      </Button>
    );
  }

  return (
    <>
      {collapsible ? (
        <Button
          type="text"
          icon={<DownOutlined />}
          aria-expanded
          aria-controls={panelId}
          onClick={() => setExpanded(false)}
          style={{ marginBottom: 8 }}
          data-testid="info-cards-toggle"
        >
          {t('cards.collapse')}
        </Button>
      ) : null}
      <Row id={panelId} gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="info-cards">
        <InfoCard to="/myApp" testId="card-apps">
          <Statistic title={t('cards.myApps')} value={value(today?.appCount)} loading={loading} />
        </InfoCard>
        <InfoCard to="/safe" testId="card-score">
          <Statistic
            title={t('cards.securityScore')}
            value={value(today?.score)}
            loading={loading}
            suffix={today && !query.isError ? <Tag color={safe ? 'success' : 'warning'}>{t(safe ? 'cards.safe' : 'cards.warning')}</Tag> : null}
          />
        </InfoCard>
        <InfoCard to="/device" testId="card-devices">
          <Statistic
            title={t('cards.devices')}
            value={devicesQuery.isError || devices === undefined ? '-' : devices.length}
            loading={devicesQuery.isLoading}
          />
        </InfoCard>
        <InfoCard to="/log" testId="card-sso">
          <Statistic title={t('cards.ssoToday')} value={value(today?.loginCount)} loading={loading} />
        </InfoCard>
      </Row>
    </>
  );
}
