import { useTranslation } from '@refinedev/core';
import { Card, Col, Row, Statistic, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { accountEndpoints } from '../../contract/endpoints/account';
import { securityEndpoints } from '../../contract/endpoints/security';
import { SECURITY_SCORE_GOOD } from '../../contract/rules';
import { useEndpointQuery } from '../hooks/useEndpoint';

function InfoCard({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  return (
    <Col xs={12} lg={6}>
      <Link to={to} data-testid={testId}>
        <Card hoverable size="small">
          {children}
        </Card>
      </Link>
    </Col>
  );
}

/** The personal centre's header: my apps, security score, historic devices, today's SSO logins. */
export function InfoCards() {
  const { translate: t } = useTranslation();
  const { data: today, query } = useEndpointQuery(accountEndpoints.todayNum, undefined);
  // Every browser this account ever signed in from, one per device (the devices table).
  const { data: devices, query: devicesQuery } = useEndpointQuery(securityEndpoints.devices, {});
  const loading = query.isLoading;
  // Numbers that failed to load read as a dash rather than a misleading zero.
  const value = (n: number | undefined) => (query.isError || n === undefined ? '-' : n);
  const safe = (today?.score ?? 0) >= SECURITY_SCORE_GOOD;

  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="info-cards">
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
  );
}
