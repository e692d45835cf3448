import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Modal, Select, Space, Spin, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { IDENTIFIER_PATTERN, LIMITS } from '../../../../contract/rules';
import type { AdminRoleGroup } from '../../../../contract/schemas/admin/apps';
import { feedback } from '../../../shared/providers/feedback';
import { ConfirmLink } from '../../shared/ConfirmLink';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { useEndpointMutation, useEndpointQuery } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { LoadFailed } from '../../../shared/components/LoadFailed';

type Role = AdminRoleGroup['roles'][number];
type Edit = { kind: 'group' } | { kind: 'role'; groupId?: number } | { kind: 'renameGroup'; id: number; name: string } | { kind: 'renameRole'; id: number; name: string };

/** An application's role groups and roles: add, rename, remove (refused while someone holds or requests one). */
export function RolesPanel({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const roles = useEndpointQuery(ENDPOINTS.apps.actions.roles, { id: appId });
  const [form] = Form.useForm<{ name: string; code?: string; groupId?: number }>();
  const [edit, setEdit] = useState<Edit | null>(null);
  const none: string[] = [];
  const groupAdd = useEndpointMutation(ENDPOINTS.apps.actions.roleGroupAdd, { refresh: none });
  const groupRename = useEndpointMutation(ENDPOINTS.apps.actions.roleGroupRename, { refresh: none });
  const groupRemove = useEndpointMutation(ENDPOINTS.apps.actions.roleGroupRemove, { refresh: none });
  const roleAdd = useEndpointMutation(ENDPOINTS.apps.actions.roleAdd, { refresh: none });
  const roleRename = useEndpointMutation(ENDPOINTS.apps.actions.roleRename, { refresh: none });
  const roleRemove = useEndpointMutation(ENDPOINTS.apps.actions.roleRemove, { refresh: none });
  const groups = roles.data ?? [];

  function open(next: Edit) {
    form.resetFields();
    if (next.kind === 'renameGroup' || next.kind === 'renameRole') form.setFieldsValue({ name: next.name });
    if (next.kind === 'role') form.setFieldsValue({ groupId: next.groupId ?? groups[0]?.id });
    setEdit(next);
  }

  async function submit(values: { name: string; code?: string; groupId?: number }) {
    if (!edit) return;
    try {
      if (edit.kind === 'group') await groupAdd.submit({ appRef: appId, name: values.name });
      if (edit.kind === 'renameGroup') await groupRename.submit({ id: edit.id, name: values.name });
      if (edit.kind === 'role') await roleAdd.submit({ groupId: values.groupId ?? 0, code: values.code ?? '', name: values.name });
      if (edit.kind === 'renameRole') await roleRename.submit({ id: edit.id, name: values.name });
      setEdit(null);
      feedback.success(t('wb.common.saved'));
      void roles.refetch();
    } catch (error) {
      showFieldError(form, error, { [CODE.roleCodeTaken]: 'code' });
    }
  }

  async function removeWith(run: () => Promise<unknown>) {
    await run();
    feedback.success(t('wb.common.done'));
    void roles.refetch();
  }

  if (roles.isError) return <LoadFailed onRetry={roles.refetch} />;

  return (
    <Spin spinning={roles.isFetching}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PlusOutlined />} onClick={() => open({ kind: 'group' })} data-testid="role-group-add">
          {t('wb.apps.roles.addGroup')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} disabled={!groups.length} onClick={() => open({ kind: 'role' })} data-testid="role-add">
          {t('wb.apps.roles.addRole')}
        </Button>
      </Space>
      {!groups.length && !roles.isLoading ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wb.apps.roles.none')} /> : null}
      {groups.map((group) => (
        <Card
          key={group.id}
          size="small"
          style={{ marginBottom: 12 }}
          title={group.name}
          data-testid="role-group"
          extra={
            <Space size={0}>
              <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => open({ kind: 'role', groupId: group.id })}>
                {t('wb.apps.roles.addRole')}
              </Button>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open({ kind: 'renameGroup', id: group.id, name: group.name })} aria-label={t('wb.apps.roles.rename')} />
              <ConfirmLink title={t('wb.common.deleteConfirm', { name: group.name })} onConfirm={() => removeWith(() => groupRemove.submit({ id: group.id }))} icon={<DeleteOutlined />} ariaLabel={t('wb.common.delete')} />
            </Space>
          }
        >
          <Table<Role>
            size="small"
            rowKey="id"
            dataSource={group.roles}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('wb.apps.roles.noRoles') }}
            columns={[
              { dataIndex: 'code', title: t('wb.apps.roles.code') },
              { dataIndex: 'name', title: t('wb.apps.roles.name') },
              { dataIndex: 'holders', title: t('wb.apps.roles.holders') },
              {
                key: 'actions',
                title: t('wb.common.actions'),
                render: (_, role) => (
                  <Space size={0}>
                    <Button type="link" size="small" onClick={() => open({ kind: 'renameRole', id: role.id, name: role.name })}>
                      {t('wb.apps.roles.rename')}
                    </Button>
                    <ConfirmLink title={t('wb.common.deleteConfirm', { name: role.name })} onConfirm={() => removeWith(() => roleRemove.submit({ id: role.id }))}>
                      {t('wb.common.delete')}
                    </ConfirmLink>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      ))}
      <Modal
        open={edit !== null}
        title={edit ? t(`wb.apps.roles.dialog.${edit.kind}`) : ''}
        onCancel={() => setEdit(null)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: groupAdd.isPending || groupRename.isPending || roleAdd.isPending || roleRename.isPending }}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="role-form">
          {edit?.kind === 'role' ? (
            <>
              <Form.Item name="groupId" label={t('wb.apps.roles.group')} rules={[{ required: true }]}>
                <Select options={groups.map((group) => ({ value: group.id, label: group.name }))} />
              </Form.Item>
              <Form.Item
                name="code"
                label={t('wb.apps.roles.code')}
                rules={[
                  { required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.apps.roles.code') }) },
                  { pattern: IDENTIFIER_PATTERN, message: t('wb.apps.identifierRule') },
                ]}
              >
                <Input maxLength={LIMITS.roleCodeMax} data-testid="role-code" />
              </Form.Item>
            </>
          ) : null}
          <Form.Item name="name" label={t('wb.apps.roles.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.apps.roles.name') }) }]}>
            <Input maxLength={LIMITS.roleNameMax} data-testid="role-name" />
          </Form.Item>
        </Form>
      </Modal>
    </Spin>
  );
}
