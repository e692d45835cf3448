import { PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Result, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUpstreamEndpoints } from '../../../../contract/endpoints/admin/upstream';
import type { AdminUpstreamProvider, UpstreamSaveBody } from '../../../../contract/schemas/admin/upstream';
import { formatTimeOrBlank } from '../../../shared/format';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { PageHeader } from '../../shared/PageHeader';
import { UpstreamProviderForm } from './UpstreamProviderForm';

/** The identity providers people may sign in through: add, change, switch off, remove. */
export default function UpstreamProviderList() {
  const { t } = useTranslation();
  const { data, query } = useEndpointQuery(adminUpstreamEndpoints.list, {});
  const create = useEndpointMutation(adminUpstreamEndpoints.create, { success: t('wb.upstream.saved') });
  const update = useEndpointMutation(adminUpstreamEndpoints.update, { success: t('wb.upstream.saved') });
  const remove = useEndpointMutation(adminUpstreamEndpoints.delete, { success: t('wb.upstream.deleted') });
  const [editing, setEditing] = useState<AdminUpstreamProvider | null>(null);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(body: UpstreamSaveBody) {
    setSaving(true);
    try {
      await (editing ? update : create).submit(body);
      setOpen(false);
      void query.refetch();
    } catch {
      // The mutation's notice said why; the form stays open to correct it.
    } finally {
      setSaving(false);
    }
  }

  if (query.isError) {
    return <Result status="warning" subTitle={t('wb.upstream.loadFailed')} extra={<Button onClick={() => void query.refetch()}>{t('wb.common.retry')}</Button>} />;
  }
  return (
    <>
      <PageHeader
        title={t('wb.upstream.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => { setEditing(null); setOpen(true); }} data-testid="upstream-create">
            {t('wb.upstream.create')}
          </Button>
        }
      />
      <Table<AdminUpstreamProvider> dataSource={data ?? []} loading={query.isLoading} rowKey="code" pagination={false} scroll={{ x: 900 }} locale={{ emptyText: t('wb.upstream.empty') }} data-testid="upstream-table">
        <Table.Column<AdminUpstreamProvider> dataIndex="name" title={t('wb.upstream.name')} ellipsis render={(name: string, row) => `${name} (${row.code})`} />
        <Table.Column<AdminUpstreamProvider> dataIndex="kind" title={t('wb.upstream.kind')} width={140} render={(kind: string) => t(`wb.upstream.kinds.${kind}`)} />
        <Table.Column<AdminUpstreamProvider> dataIndex="linkRule" title={t('wb.upstream.linkRule')} width={150} render={(rule: string, row) => (
          <Space size={4} wrap>
            <Tag>{t(`wb.upstream.linkRules.${rule}`)}</Tag>
            {row.askBind ? <Tag>{t('wb.upstream.askBindShort')}</Tag> : null}
            {row.jit ? <Tag color="blue">JIT</Tag> : null}
            {row.providerMfa ? <Tag color="purple">MFA</Tag> : null}
          </Space>
        )} />
        <Table.Column<AdminUpstreamProvider> dataIndex="links" title={t('wb.upstream.links')} width={100} />
        <Table.Column<AdminUpstreamProvider> dataIndex="enabled" title={t('wb.upstream.enabled')} width={100} render={(on: boolean) => (on ? <Tag color="green">{t('wb.upstream.on')}</Tag> : <Tag>{t('wb.upstream.off')}</Tag>)} />
        <Table.Column<AdminUpstreamProvider> dataIndex="updatedAt" title={t('wb.upstream.updatedAt')} width={170} render={formatTimeOrBlank} />
        <Table.Column<AdminUpstreamProvider>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={170}
          render={(_, row) => (
            <Space>
              <Button size="small" onClick={() => { setEditing(row); setOpen(true); }} data-testid={`upstream-edit-${row.code}`}>
                {t('wb.upstream.editShort')}
              </Button>
              <Popconfirm
                title={t('wb.upstream.deleteConfirm', { name: row.name, links: row.links })}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  await remove.submit({ code: row.code }).catch(() => undefined);
                  void query.refetch();
                }}
              >
                <Button danger size="small" data-testid={`upstream-delete-${row.code}`}>{t('wb.upstream.delete')}</Button>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>
      <UpstreamProviderForm editing={editing} open={open} saving={saving} onCancel={() => setOpen(false)} onSave={save} />
    </>
  );
}
