import { Alert, Form, Modal, Select } from 'antd';
import type { Ref } from 'react';
import { CODE } from '../../../contract/codeNames';
import { permissionEndpoints } from '../../../contract/endpoints/permissions';
import type { PermissionRow } from '../../../contract/schemas/permissions';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { successNotice } from '../../shared/providers/notificationProvider';
import { useActionDialog } from '../../resources/shared/useActionDialog';
import type { DialogHandle } from '../../resources/shared/useDialogForm';
import { useTranslation } from 'react-i18next';

type Values = { roleIdSet?: number[]; groupId?: number | null };

/**
 * Gives up some of the roles the user holds directly for one application's group, as the
 * permissions resource's cancelRoles action; the permission list refreshes after.
 * Roles given up meanwhile are said under the choice.
 */
export function CancelRolesDialog({ ref }: { ref: Ref<DialogHandle<PermissionRow>> }) {
  const { t } = useTranslation();
  const { modalProps, formProps, save, row } = useActionDialog<Values, PermissionRow>(ref, {
    resource: 'permissions',
    action: 'cancelRoles',
    submitTestId: 'cancel-roles-ok',
    fields: [[[CODE.rolesNotHeld], 'roleIdSet']],
    successNotification: successNotice(t('info.cancelRoles.done')),
  });
  const groupId = row?.groupId ?? null;
  const roles = useEndpointQuery(permissionEndpoints.directRoles, { groupId: groupId ?? 0 }, { enabled: modalProps.open === true && groupId !== null });

  return (
    <Modal
      {...modalProps}
      title={t('info.cancelRoles.title', { app: row?.appName ?? '' })}
      okText={t('info.cancelRoles.ok')}
      okButtonProps={{ ...modalProps.okButtonProps, danger: true }}
    >
      <Alert type="warning" showIcon message={t('info.cancelRoles.warning')} style={{ marginBottom: 16 }} />
      <Form {...formProps} layout="vertical" onFinish={({ roleIdSet }: Values) => save({ groupId, roleIdSet })}>
        <Form.Item name="roleIdSet" label={t('info.cancelRoles.roles')} rules={[{ required: true, message: t('info.cancelRoles.required') }]}>
          <Select
            mode="multiple"
            loading={roles.query.isFetching}
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
            placeholder={t('info.cancelRoles.placeholder')}
            notFoundContent={roles.query.isError ? t('info.cancelRoles.loadFailed') : undefined}
            data-testid="cancel-roles-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
