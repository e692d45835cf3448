import { Form, Input, Space, Table, Tag, Typography } from 'antd';
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
      <Table<AdminSession> {...tableProps} rowKey="id" data-testid="session-table">
        <Table.Column<AdminSession>
          key="who"
          title={t('wb.sessions.who')}
          render={(_, row) => (
            <Space>
              {`${row.userName} (${row.userId})`}
              {row.current ? <Tag color="blue">{t('wb.sessions.current')}</Tag> : null}
            </Space>
          )}
        />
        <Table.Column<AdminSession> dataIndex="deviceName" title={t('wb.sessions.device')} />
        <Table.Column<AdminSession> dataIndex="ip" title={t('wb.sessions.ip')} />
        <Table.Column<AdminSession> dataIndex="userAgent" title={t('wb.sessions.userAgent')} render={(ua: string | null) => <Typography.Text ellipsis={{ tooltip: ua }} style={{ maxWidth: 200 }}>{ua}</Typography.Text>} />
        <Table.Column<AdminSession> dataIndex="createdDate" title={t('wb.sessions.created')} render={formatTimeOrBlank} />
        <Table.Column<AdminSession> dataIndex="lastSeenDate" title={t('wb.sessions.lastSeen')} render={formatTimeOrBlank} />
        <Table.Column<AdminSession> dataIndex="expiresDate" title={t('wb.sessions.expires')} render={formatTimeOrBlank} />
        <Table.Column<AdminSession>
          key="actions"
          title={t('wb.common.actions')}
          render={(_, row) => (
            <Space size={0}>
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
