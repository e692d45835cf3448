import { PlusOutlined } from '@ant-design/icons';
import { useModalForm } from '@refinedev/antd';
import { Button, Form, Input, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../contract/rules';
import type { ScimToken, ScimTokenCreated } from '../../../../contract/schemas/admin/scimTokens';
import { feedback } from '../../../shared/providers/feedback';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { formatTimeOrBlank } from '../../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { SearchBar } from '../../../shared/components/SearchBar';
import { ShownOnce } from '../../shared/ShownOnce';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { useListTable } from '../../../shared/hooks/useListTable';
import { errorNotice } from '../../../shared/providers/notificationProvider';

interface Filters {
  name?: string;
  revoked?: boolean;
}

/** Provisioning tokens: create (the token shown once), revoke, and when each was last used. */
export default function ScimTokenList() {
  const { t } = useTranslation();
  const { tableProps, searchFormProps } = useListTable<ScimToken, Filters>('scimTokens');
  const revoke = useEndpointMutation(ENDPOINTS.scimTokens.actions.revoke, { refresh: ['scimTokens'] });
  const [token, setToken] = useState<string | null>(null);
  const { modalProps, formProps, show, form } = useModalForm<ScimTokenCreated>({
    resource: 'scimTokens',
    action: 'create',
    successNotification: false,
    errorNotification: errorNotice(),
    onMutationSuccess: ({ data }) => setToken(data.token),
    onMutationError: (error) => showFieldError(form, error, { E00001: 'name' }),
  });

  return (
    <>
      <PageHeader
        title={t('wb.scim.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => show()} data-testid="scim-create">
            {t('wb.scim.create')}
          </Button>
        }
      />
      <SearchBar formProps={searchFormProps} testId="scim-search">
        <Form.Item name="name" label={t('wb.scim.name')}>
          <Input allowClear maxLength={LIMITS.searchMax} />
        </Form.Item>
        <Form.Item name="revoked" label={t('wb.scim.state')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('wb.common.all')} options={[{ value: false, label: t('wb.scim.live') }, { value: true, label: t('wb.scim.revoked') }]} />
        </Form.Item>
      </SearchBar>
      <Table<ScimToken> {...tableProps} rowKey="id" data-testid="scim-table" scroll={{ x: 960 }}>
        <Table.Column<ScimToken> dataIndex="name" title={t('wb.scim.name')} ellipsis sorter />
        <Table.Column<ScimToken> key="createdBy" title={t('wb.scim.createdBy')} width={180} ellipsis render={(_, row) => (row.createdBy ? `${row.createdBy.userName} (${row.createdBy.userId})` : t('wb.common.none'))} />
        <Table.Column<ScimToken> dataIndex="createdAt" title={t('wb.scim.createdAt')} width={170} sorter render={formatTimeOrBlank} />
        <Table.Column<ScimToken> dataIndex="lastUsedAt" title={t('wb.scim.lastUsedAt')} width={170} sorter render={(value: string | null) => formatTimeOrBlank(value) || t('wb.scim.neverUsed')} />
        <Table.Column<ScimToken>
          key="state"
          title={t('wb.scim.state')}
          width={230}
          render={(_, row) => (row.revoked ? <Tag>{t('wb.scim.revokedAt', { time: formatTimeOrBlank(row.revokedAt) })}</Tag> : <Tag color="green">{t('wb.scim.live')}</Tag>)}
        />
        <Table.Column<ScimToken>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={110}
          render={(_, row) =>
            row.revoked ? null : (
              <Popconfirm
                title={t('wb.scim.revokeConfirm', { name: row.name })}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await revoke.submit({ id: row.id });
                  feedback.success(t('wb.scim.revokedDone'));
                }}
              >
                <Button danger size="small" data-testid={`scim-revoke-${row.id}`}>
                  {t('wb.scim.revoke')}
                </Button>
              </Popconfirm>
            )
          }
        />
      </Table>
      <Modal {...modalProps} title={t('wb.scim.create')} okText={t('wb.common.create')} destroyOnHidden>
        <Form {...formProps} layout="vertical">
          <Form.Item name="name" label={t('wb.scim.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.scim.name') }) }]}>
            <Input maxLength={LIMITS.scimTokenNameMax} autoFocus data-testid="scim-name" />
          </Form.Item>
        </Form>
      </Modal>
      <ShownOnce secret={token} title={t('wb.scim.createdTitle')} onClose={() => setToken(null)} testId="scim-token" />
    </>
  );
}
