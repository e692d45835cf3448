import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminHome, SecurityEvent } from '../../../../contract/schemas/admin/home';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { LoadFailed } from '../../../shared/components/LoadFailed';
import { isLanguage, type Language } from '../../../shared/providers/i18nProvider';
import { ChangeDiff, ChangesColumnTitle } from '../audit/ChangeDiff';
import { resultWords, sceneWords } from '../audit/logWords';
import { RiskJudgement } from '../../shared/RiskJudgement';
import { targetWords } from '../audit/targetWords';

/* The chart library is the heaviest thing here: it loads after the numbers. */
const SignInChart = lazy(() => import('./SignInChart').then((m) => ({ default: m.SignInChart })));

const EVENT_COLORS: Record<SecurityEvent['kind'], string> = { LOCKED: 'red', SECOND_FACTOR_FAILED: 'orange', ADMIN_CHANGE: 'blue' };

/** A sign-in event says its result; an administrator's change says what it did and to what. */
function eventWords(row: SecurityEvent, lang: Language, t: TFunction): string {
  if (row.kind !== 'ADMIN_CHANGE') return resultWords(row.code);
  return [sceneWords(row.code, lang), targetWords(row.target, row.targetName, t)].filter(Boolean).join(' · ');
}

type CountKey = Exclude<keyof AdminHome, 'series' | 'events' | 'timezone'>;
/** The numbers, each leading to the page that explains it. */
const COUNTS: { key: CountKey; to: string }[] = [
  { key: 'users', to: '/users' },
  { key: 'enabledUsers', to: '/users' },
  { key: 'activeSessions', to: '/sessions' },
  { key: 'signInsToday', to: '/audit' },
  { key: 'failuresToday', to: '/audit' },
  { key: 'lockedAccounts', to: '/users' },
  { key: 'pendingRequests', to: '/requests' },
];

/** The workbench's home: the organisation's numbers, 30 days of sign-ins and the latest security events. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const navigate = useNavigate();
  const { data, isLoading, isError, error, refetch, isFetching } = useEndpointQuery(ENDPOINTS.home.actions.summary, {});

  return (
    <>
      <PageHeader
        title={t('wb.home.title')}
        extra={
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()} data-testid="home-refresh">
            {t('wb.home.refresh')}
          </Button>
        }
      />
      {isError ? (
        <LoadFailed error={error} onRetry={refetch} />
      ) : (
        <>
          <Row gutter={[12, 12]} data-testid="home-counts">
            {COUNTS.map(({ key, to }) => (
              <Col key={key} xs={12} sm={8} lg={6} xl={3}>
                <Card size="small" hoverable onClick={() => navigate(to)} data-testid={`home-count-${key}`}>
                  <Statistic title={t(`wb.home.counts.${key}`)} value={data?.[key] ?? 0} loading={isLoading} valueStyle={key === 'failuresToday' || key === 'lockedAccounts' ? { color: (data?.[key] ?? 0) > 0 ? '#cf1322' : undefined } : undefined} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={t('wb.home.chartTitle')} style={{ marginTop: 16 }} extra={data ? <span data-testid="home-timezone">{t('wb.home.daysIn', { zone: data.timezone })}</span> : null}>
            {isLoading || !data ? (
              <Skeleton active />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <SignInChart series={data.series} />
              </Suspense>
            )}
          </Card>
          <Card size="small" title={t('wb.home.eventsTitle')} style={{ marginTop: 16 }}>
            <Table<SecurityEvent>
              size="small"
              loading={isLoading}
              dataSource={data?.events ?? []}
              rowKey={(row) => `${row.createdDate}-${row.userId}-${row.kind}-${row.code}-${row.target ?? ''}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              expandable={{ columnTitle: <ChangesColumnTitle />, rowExpandable: (row) => row.changes !== null, expandedRowRender: (row) => <ChangeDiff changes={row.changes} /> }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.home.noEvents')} /> }}
              data-testid="home-events"
              columns={[
                { dataIndex: 'createdDate', title: t('wb.common.time'), render: formatTimeOrBlank },
                { dataIndex: 'kind', title: t('wb.home.event'), render: (kind: SecurityEvent['kind']) => <Tag color={EVENT_COLORS[kind]}>{t(`wb.home.kinds.${kind}`)}</Tag> },
                { key: 'who', title: t('wb.home.who'), render: (_, row) => (row.userName ? `${row.userName} (${row.userId})` : row.userId) },
                { key: 'what', title: t('wb.home.what'), render: (_, row) => <Tooltip title={[row.code, row.target].filter(Boolean).join(' · ')}>{eventWords(row, lang, t)}</Tooltip> },
                // Sign-in events carry their judgement; an administrator's change has none to show.
                { key: 'risk', title: t('wb.risk.level_label'), render: (_, row) => (row.kind === 'ADMIN_CHANGE' ? null : <RiskJudgement risk={row.risk} compact />) },
                { dataIndex: 'ip', title: t('wb.home.ip') },
              ]}
            />
          </Card>
        </>
      )}
    </>
  );
}
