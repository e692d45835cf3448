import { useCustom, useCustomMutation, useNotification } from '@refinedev/core';
import { Alert, Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../contract/paths';
import type { PermissionRow, RoleOption } from '../../../contract/schemas/permissions';

interface Props {
  /** The application whose roles are being given up; null when closed. */
  row: PermissionRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** Gives up some of the roles the user holds directly for one application's group. */
export function CancelRolesDialog({ row, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ roleIdSet: number[] }>();
  const groupId = row?.groupId ?? null;
  const { query } = useCustom<RoleOption[]>({
    url: paths.auty.directRoles,
    method: 'post',
    config: { payload: { groupId } },
    queryOptions: { enabled: groupId !== null },
  });
  const roles = (query.data?.data as RoleOption[] | undefined) ?? [];
  const { mutateAsync, mutation } = useCustomMutation();

  async function submit({ roleIdSet }: { roleIdSet: number[] }) {
    try {
      await mutateAsync({ url: paths.auty.cancelRoles, method: 'post', values: { groupId, roleIdSet } });
    } catch {
      return;
    }
    notify?.({ type: 'success', message: t('info.cancelRoles.done') });
    onClose();
    onDone();
  }

  return (
    <Modal
      open={row !== null}
      title={t('info.cancelRoles.title', { app: row?.appName ?? '' })}
      okText={t('info.cancelRoles.ok')}
      okButtonProps={{ danger: true, loading: mutation.isPending, 'data-testid': 'cancel-roles-ok' } as ButtonProps}
      onOk={() => form.submit()}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
    >
      <Alert type="warning" showIcon message={t('info.cancelRoles.warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="roleIdSet" label={t('info.cancelRoles.roles')} rules={[{ required: true, message: t('info.cancelRoles.required') }]}>
          <Select
            mode="multiple"
            loading={query.isFetching}
            options={roles.map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
            placeholder={t('info.cancelRoles.placeholder')}
            notFoundContent={query.isError ? t('info.cancelRoles.loadFailed') : undefined}
            data-testid="cancel-roles-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
