import { PlusOutlined } from '@ant-design/icons';
import { Avatar, Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LIMITS } from '../../../../contract/rules';
import type { AdminApp, SignOnProtocol } from '../../../../contract/schemas/admin/apps';
import { feedback } from '../../../shared/providers/feedback';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { useMay } from '../../duty/useMay';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';

const PROTOCOL_COLORS: Record<SignOnProtocol, string | undefined> = { oidc: 'blue', legacy: undefined, saml: 'purple', cas: 'cyan' };

interface Filters {
  keyword?: string;
  enabled?: boolean;
  category?: string;
}

/** Applications: search, create, open, enable and disable. */
export default function AppList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tableProps, searchFormProps } = useListTable<AdminApp, Filters>('apps');
  const may = useMay();
  const enable = useEndpointMutation(ENDPOINTS.apps.actions.enable, { refresh: ['apps'] });
  const disable = useEndpointMutation(ENDPOINTS.apps.actions.disable, { refresh: ['apps'] });

  return (
    <>
      <PageHeader
        title={t('wb.apps.title')}
        extra={
          may('apps', 'create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/apps/create')} data-testid="app-create">
              {t('wb.apps.create')}
            </Button>
          ) : null
        }
      />
      <SearchBar formProps={searchFormProps} testId="app-search">
        <Form.Item name="keyword" label={t('wb.apps.keyword')}>
          <Input allowClear maxLength={LIMITS.searchMax} placeholder={t('wb.apps.keywordHint')} data-testid="app-keyword" />
        </Form.Item>
        <Form.Item name="category" label={t('wb.apps.fields.category')}>
          <Input allowClear maxLength={LIMITS.appCategoryMax} />
        </Form.Item>
        <Form.Item name="enabled" label={t('wb.apps.fields.enabled')}>
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder={t('wb.common.all')}
            options={[
              { value: true, label: t('wb.common.enabled') },
              { value: false, label: t('wb.common.disabled') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <Table<AdminApp> {...tableProps} rowKey="id" data-testid="app-table" scroll={{ x: 1130 }}>
        <Table.Column<AdminApp>
          key="appName"
          title={t('wb.apps.fields.appName')}
          width={220}
          sorter
          render={(_, row) => (
            <Space>
              <Avatar shape="square" size="small" src={row.icon || undefined} alt="">
                {row.appName.slice(0, 1)}
              </Avatar>
              <Link to={`/apps/show/${row.id}`}>{row.appName}</Link>
            </Space>
          )}
        />
        <Table.Column<AdminApp> dataIndex="appId" title={t('wb.apps.fields.appId')} width={150} ellipsis sorter />
        <Table.Column<AdminApp> dataIndex="category" title={t('wb.apps.fields.category')} width={120} ellipsis sorter />
        <Table.Column<AdminApp>
          dataIndex="protocol"
          title={t('wb.signon.column')}
          width={130}
          render={(protocol: SignOnProtocol) => <Tag color={PROTOCOL_COLORS[protocol]} data-testid={`app-protocol-${protocol}`}>{t(`wb.signon.protocol.${protocol}`)}</Tag>}
        />
        <Table.Column<AdminApp> dataIndex="loginTypes" title={t('wb.apps.fields.loginTypes')} render={(types: string[]) => types.map((type) => <Tag key={type}>{t(`wb.apps.loginType.${type}`)}</Tag>)} />
        <Table.Column<AdminApp> dataIndex="enabled" title={t('wb.apps.fields.enabled')} width={90} render={(on: boolean) => (on ? <Tag color="green">{t('wb.common.enabled')}</Tag> : <Tag>{t('wb.common.disabled')}</Tag>)} />
        <Table.Column<AdminApp>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={190}
          render={(_, row) => (
            <Space size={0} wrap>
              {may('apps', 'edit') ? (
                <Button type="link" size="small" onClick={() => navigate(`/apps/edit/${row.id}`)}>
                  {t('wb.common.edit')}
                </Button>
              ) : null}
              {!may('apps', 'disable') ? null : row.enabled ? (
                <ConfirmLink
                  title={t('wb.apps.disableConfirm', { name: row.appName })}
                  onConfirm={async () => {
                    await disable.submit({ id: row.id });
                    feedback.success(t('wb.apps.disabled'));
                  }}
                >
                  {t('wb.apps.disable')}
                </ConfirmLink>
              ) : (
                <Button
                  type="link"
                  size="small"
                  onClick={async () => {
                    await enable.submit({ id: row.id });
                    feedback.success(t('wb.apps.enabledDone'));
                  }}
                >
                  {t('wb.apps.enable')}
                </Button>
              )}
            </Space>
          )}
        />
      </Table>
    </>
  );
}
