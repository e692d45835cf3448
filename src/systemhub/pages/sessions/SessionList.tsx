import { Form, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import type { AdminSession } from '../../../../contract/schemas/admin/sessions';
import { feedback } from '../../../shared/providers/feedback';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';

/** Who is signed in where: end one session, or all of a person's. */
export default function SessionList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<AdminSession, { keyWord?: string; userId?: string }>('sessions');
  const end = useEndpointMutation(ENDPOINTS.sessions.actions.end, { refresh: ['sessions'] });
  const endUser = useEndpointMutation(ENDPOINTS.sessions.actions.endUser, { refresh: ['sessions'] });

  return (
    <>
      <PageHeader title={t('wb.sessions.title')} />
      <SearchBar formProps={searchFormProps} testId="session-search">
        <Form.Item name="keyWord" label={t('wb.sessions.keyword')}>
          <Input allowClear maxLength={LIMITS.searchMax} placeholder={t('wb.sessions.keywordHint')} data-testid="session-keyword" />
        </Form.Item>
      </SearchBar>
      {/* Fits 1366 px beside the menu; the actions stay pinned at the right edge whatever the window. */}
      <Table<AdminSession> {...tableProps} rowKey="id" data-testid="session-table" tableLayout="fixed" scroll={{ x: 1100 }}>
        <Table.Column<AdminSession>
          key="userId"
          title={t('wb.sessions.who')}
          width={190}
          sorter
          render={(_, row) => (
            <Space size={4} wrap>
              {`${row.userName} (${row.userId})`}
              {row.current ? <Tag color="blue">{t('wb.sessions.current')}</Tag> : null}
            </Space>
          )}
        />
        <Table.Column<AdminSession>
          key="agent"
          title={t('wb.sessions.browserOs')}
          width={180}
          render={(_, row) => (
            <Tooltip title={row.userAgent ?? row.deviceName}>
              <Typography.Text ellipsis data-testid={`session-agent-${row.id}`}>
                {[row.browser, row.os].filter(Boolean).join(' · ') || row.deviceName || t('wb.sessions.unknownAgent')}
              </Typography.Text>
            </Tooltip>
          )}
        />
        <Table.Column<AdminSession> dataIndex="ip" title={t('wb.sessions.ip')} width={130} ellipsis />
        <Table.Column<AdminSession> dataIndex="createdDate" title={t('wb.sessions.created')} width={150} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminSession> dataIndex="lastSeenDate" title={t('wb.sessions.lastSeen')} width={150} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminSession> dataIndex="expiresDate" title={t('wb.sessions.expires')} width={150} sorter render={formatTimeOrBlank} />
        <Table.Column<AdminSession>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={150}
          render={(_, row) => (
            <Space size={0} wrap>
              {/* One's own current session ends with sign-out (the server refuses it here). */}
              {row.current ? null : (
                <ConfirmLink
                  title={t('wb.sessions.endConfirm', { name: row.userName })}
                  onConfirm={async () => {
                    await end.submit({ id: row.id });
                    feedback.success(t('wb.sessions.ended'));
                  }}
                  testId={`session-end-${row.id}`}
                >
                  {t('wb.sessions.end')}
                </ConfirmLink>
              )}
              <ConfirmLink
                title={t('wb.sessions.endUserConfirm', { name: row.userName })}
                onConfirm={async () => {
                  const { ended } = await endUser.submit({ userId: row.userId });
                  feedback.success(t('wb.users.sessionsEnded', { count: ended }));
                }}
              >
                {t('wb.sessions.endUser')}
              </ConfirmLink>
            </Space>
          )}
        />
      </Table>
    </>
  );
}
