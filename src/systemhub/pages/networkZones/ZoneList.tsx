import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import type { AdminNetworkZone } from '../../../../contract/schemas/admin/networkZones';
import { ZONE_KINDS, type ZoneKind } from '../../../../contract/schemas/risk';
import { formatTimeOrBlank } from '../../../shared/format';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { PageHeader } from '../../shared/PageHeader';

const Z = ENDPOINTS.networkZones;
export const ZONE_COLOURS: Record<ZoneKind, string> = { OFFICE: 'green', VPN: 'blue', BLOCKED: 'red' };

interface ZoneForm {
  name: string;
  kind: ZoneKind;
  /** One range a line, as typed. */
  ranges: string;
}

const rangesOf = (text: string) => text.split(/[\n,;]+/).map((r) => r.trim()).filter(Boolean);

/** Office, VPN and blocked address ranges: listed with their kind and the applications confined to them; made, changed and deleted here. */
export default function ZoneList() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ZoneKind | undefined>();
  const { data, isFetching } = useEndpointQuery(Z.list, kind ? { kind } : {});
  const create = useEndpointMutation(Z.actions.create, { quiet: [CODE.zoneNameTaken, CODE.invalidInput], reread: [Z.list], success: t('wb.zones.saved') });
  const update = useEndpointMutation(Z.actions.update, { quiet: [CODE.zoneNameTaken, CODE.invalidInput], reread: [Z.list], success: t('wb.zones.saved') });
  const remove = useEndpointMutation(Z.actions.delete, { reread: [Z.list], success: t('wb.zones.deleted') });
  const [editing, setEditing] = useState<AdminNetworkZone | 'new' | null>(null);
  const [form] = Form.useForm<ZoneForm>();

  const open = (zone: AdminNetworkZone | 'new') => {
    setEditing(zone);
    form.setFieldsValue(zone === 'new' ? { name: '', kind: 'OFFICE', ranges: '' } : { name: zone.name, kind: zone.kind, ranges: zone.ranges.join('\n') });
  };

  const save = async (values: ZoneForm) => {
    const body = { name: values.name, kind: values.kind, ranges: rangesOf(values.ranges) };
    try {
      if (editing === 'new') await create.submit(body);
      else if (editing) await update.submit({ id: editing.id, ...body });
      setEditing(null);
    } catch (error) {
      showFieldError(form, error, { [CODE.zoneNameTaken]: 'name' });
    }
  };

  return (
    <>
      <PageHeader
        title={t('wb.zones.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="zones-create">
            {t('wb.zones.create')}
          </Button>
        }
      />
      <Alert type="info" showIcon message={t('wb.zones.hint')} style={{ marginBottom: 16 }} />
      <Space style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('wb.zones.kind')}
          aria-label={t('wb.zones.kind')}
          value={kind}
          onChange={(value?: ZoneKind) => setKind(value)}
          options={ZONE_KINDS.map((k) => ({ value: k, label: t(`wb.risk.zoneKind.${k}`) }))}
          data-testid="zones-kind-filter"
        />
      </Space>
      <Table<AdminNetworkZone> dataSource={data ?? []} loading={isFetching} rowKey="id" pagination={false} data-testid="zones-table" scroll={{ x: 900 }} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.zones.empty')} /> }}>
        <Table.Column<AdminNetworkZone> dataIndex="name" title={t('wb.zones.name')} width={200} />
        <Table.Column<AdminNetworkZone> dataIndex="kind" title={t('wb.zones.kind')} width={120} render={(k: ZoneKind) => <Tag color={ZONE_COLOURS[k]}>{t(`wb.risk.zoneKind.${k}`)}</Tag>} />
        <Table.Column<AdminNetworkZone>
          dataIndex="ranges"
          title={t('wb.zones.ranges')}
          render={(ranges: string[]) => (
            <span title={ranges.join('\n')}>
              {ranges.slice(0, 3).join(', ')}
              {ranges.length > 3 ? ` … (${t('wb.zones.rangesCount', { count: ranges.length })})` : ''}
            </span>
          )}
        />
        <Table.Column<AdminNetworkZone>
          dataIndex="usedBy"
          title={t('wb.zones.usedBy')}
          width={200}
          render={(apps: AdminNetworkZone['usedBy']) => (apps.length ? apps.map((a) => <Tag key={a.id}>{a.appName}</Tag>) : t('wb.zones.nobody'))}
        />
        <Table.Column<AdminNetworkZone> dataIndex="updatedAt" title={t('wb.zones.updatedAt')} width={170} render={formatTimeOrBlank} />
        <Table.Column<AdminNetworkZone>
          key="actions"
          title={t('wb.common.actions')}
          fixed="right"
          width={150}
          render={(_, row) => (
            <Space>
              <Button size="small" onClick={() => open(row)} data-testid={`zones-edit-${row.id}`}>
                {t('wb.common.edit')}
              </Button>
              <Popconfirm title={t('wb.zones.deleteConfirm', { name: row.name })} okButtonProps={{ danger: true }} onConfirm={() => remove.submit({ id: row.id }).catch(() => null)}>
                <Button size="small" danger data-testid={`zones-delete-${row.id}`}>
                  {t('wb.common.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
        />
      </Table>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('wb.zones.create') : t('wb.zones.edit')}
        okText={t('wb.common.save')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        destroyOnHidden
        forceRender
      >
        <Form<ZoneForm> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item name="name" label={t('wb.zones.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.zones.name') }) }]}>
            <Input maxLength={100} data-testid="zone-name" />
          </Form.Item>
          <Form.Item name="kind" label={t('wb.zones.kind')}>
            <Select options={ZONE_KINDS.map((k) => ({ value: k, label: t(`wb.risk.zoneKind.${k}`) }))} data-testid="zone-kind" />
          </Form.Item>
          <Form.Item name="ranges" label={t('wb.zones.ranges')} extra={t('wb.zones.rangesHint')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.zones.ranges') }) }]}>
            <Input.TextArea rows={5} spellCheck={false} data-testid="zone-ranges" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
