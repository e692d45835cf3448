import { EditOutlined } from '@ant-design/icons';
import { CanAccess, useGetIdentity, useShow } from '@refinedev/core';
import { Button, Card, Descriptions, Popconfirm, Space, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AdminUserDetail, SignInEntry } from '../../../../contract/schemas/admin/users';
import type { CurrentUser } from '../../../../contract/schemas/personal';
import { feedback } from '../../../shared/providers/feedback';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { ActivationDialog } from './ActivationDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFactors } from './UserFactors';
import { UserStateTags } from './UserStateTags';
import { NotFound } from '../../shared/NotFound';

function History({ id }: { id: number }) {
  const { t } = useTranslation();
  const { tableProps } = useListTable<SignInEntry>('userHistory', { permanent: [{ field: 'id', operator: 'eq', value: id }] });
  return (
    <Table<SignInEntry> {...tableProps} rowKey="id" data-testid="user-history">
      <Table.Column<SignInEntry> dataIndex="time" title={t('wb.common.time')} render={formatTimeOrBlank} />
      <Table.Column<SignInEntry> dataIndex="optType" title={t('wb.users.history.type')} />
      <Table.Column<SignInEntry> dataIndex="appName" title={t('wb.users.history.app')} />
      <Table.Column<SignInEntry>
        dataIndex="success"
        title={t('wb.users.history.result')}
        render={(ok: boolean, row) => (ok ? <Tag color="green">{t('wb.users.history.success')}</Tag> : <Tag color="red">{`${t('wb.users.history.failure')} ${row.resultCode}`}</Tag>)}
      />
      <Table.Column<SignInEntry> dataIndex="ip" title={t('wb.users.history.ip')} />
      <Table.Column<SignInEntry> dataIndex="deviceName" title={t('wb.users.history.device')} />
    </Table>
  );
}

/**
 * One person: their fields and state, the account actions, and their sign-in history. Each
 * action shows for the duties its endpoint names: editing, enabling, passwords and activation
 * for the system (and department) administrator; unlocking, ending sessions and second factors
 * for the security administrator.
 */
export default function UserShow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { query } = useShow<AdminUserDetail>({ resource: 'users', id });
  const { data: me } = useGetIdentity<CurrentUser>();
  const may = useMay();
  const setEnabled = useEndpointMutation(ENDPOINTS.users.actions.setEnabled, { refresh: ['users'] });
  const unlock = useEndpointMutation(ENDPOINTS.users.actions.unlock, { refresh: ['users'] });
  const endSessions = useEndpointMutation(ENDPOINTS.users.actions.endSessions, { refresh: ['users'] });
  const [resetting, setResetting] = useState(false);
  const [activating, setActivating] = useState(false);
  const user = query.data?.data;

  if (query.isError) return <NotFound back="/users" />;
  if (!user) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const self = me?.userId === user.userId;
  // The server answers null once a lock has run out.
  const locked = user.lockedUntil !== null;
  const none = t('wb.common.none');

  return (
    <>
      <PageHeader
        title={`${user.userName} (${user.userId})`}
        back="/users"
        extra={
          <>
            {may('users', 'edit') ? (
              <Button icon={<EditOutlined />} onClick={() => navigate(`/users/edit/${user.id}`)} data-testid="user-edit">
                {t('wb.common.edit')}
              </Button>
            ) : null}
            {!may('users', 'setEnabled') ? null : user.enabled ? (
              <CanAccess resource="users" action="setEnabled" params={{ self }}>
                <Popconfirm
                  title={t('wb.users.disableConfirm', { name: user.userName })}
                  okButtonProps={{ danger: true }}
                  onConfirm={async () => {
                    await setEnabled.submit({ id: user.id, enabled: false });
                    feedback.success(t('wb.users.disabled'));
                  }}
                >
                  <Button danger data-testid="user-disable">
                    {t('wb.users.disable')}
                  </Button>
                </Popconfirm>
              </CanAccess>
            ) : (
              <Button
                data-testid="user-enable"
                onClick={async () => {
                  await setEnabled.submit({ id: user.id, enabled: true });
                  feedback.success(t('wb.users.enabledDone'));
                }}
              >
                {t('wb.users.enable')}
              </Button>
            )}
            {locked && may('users', 'unlock') ? (
              <Button
                data-testid="user-unlock"
                onClick={async () => {
                  await unlock.submit({ id: user.id });
                  feedback.success(t('wb.users.unlocked'));
                }}
              >
                {t('wb.users.unlock')}
              </Button>
            ) : null}
            {may('users', 'resetPassword') ? (
              <Button danger onClick={() => setResetting(true)} data-testid="user-reset-password">
                {t('wb.users.reset.open')}
              </Button>
            ) : null}
            {may('users', 'activation') ? (
              <Button onClick={() => setActivating(true)} data-testid="user-activation">
                {t('wb.users.activation.open')}
              </Button>
            ) : null}
            {may('users', 'endSessions') ? (
              <Popconfirm
                title={t(self ? 'wb.users.endSessionsSelfConfirm' : 'wb.users.endSessionsConfirm', { name: user.userName })}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  const { ended } = await endSessions.submit({ id: user.id });
                  feedback.success(t('wb.users.sessionsEnded', { count: ended }));
                }}
              >
                <Button data-testid="user-end-sessions">{t('wb.users.endSessions')}</Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <Spin spinning={query.isFetching}>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" data-testid="user-detail">
            <Descriptions.Item label={t('wb.users.state')}>
              <UserStateTags user={user} />
            </Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.userType')}>{t(`wb.users.type.${user.userType}`)}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.deptId')}>{user.deptPath ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.positionName')}>{user.positionName ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.mobileNo')}>{user.mobileNo ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.email')}>{user.email ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.roles')}>{user.roles.map((role) => <Tag key={role.code}>{role.name}</Tag>)}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.secondAuthRequired')}>{user.secondAuthRequired ? t('wb.common.yes') : t('wb.common.no')}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.hasPassword')}>
              {user.hasPassword ? t('wb.common.yes') : <Tag color="orange">{t('wb.users.noPassword')}</Tag>}
              {user.mustChangePassword ? <Tag color="blue" style={{ marginInlineStart: 8 }}>{t('wb.users.mustChange')}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('wb.users.passwordExpireDate')}>{formatTimeOrBlank(user.passwordExpireDate) || none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.lockedUntil')}>{locked ? formatTimeOrBlank(user.lockedUntil) : none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.fields.externalId')}>{user.externalId ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.createdDate')}>{formatTimeOrBlank(user.createdDate)}</Descriptions.Item>
            <Descriptions.Item label={t('wb.users.updatedDate')}>{formatTimeOrBlank(user.updatedDate)}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Spin>
      {may('users', 'factors') ? <UserFactors id={user.id} name={user.userName} /> : null}
      <Card size="small" title={t('wb.users.history.title')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <History id={user.id} />
        </Space>
      </Card>
      <ResetPasswordDialog user={user} open={resetting} onClose={() => setResetting(false)} />
      <ActivationDialog user={user} open={activating} onClose={() => setActivating(false)} />
    </>
  );
}
