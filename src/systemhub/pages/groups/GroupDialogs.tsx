import { useCreate, useUpdate } from '@refinedev/core';
import { Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { GroupKind, GroupType } from '../../../../contract/enums';
import { EMAIL_PATTERN, IDENTIFIER_PATTERN, LIMITS } from '../../../../contract/rules';
import type { AdminGroupRow } from '../../../../contract/schemas/admin/groups';
import { feedback } from '../../../shared/providers/feedback';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PersonSelect } from '../../../shared/components/PersonSelect';
import { useUserSearch } from '../../shared/useUserSearch';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { errorNotice } from '../../../shared/providers/notificationProvider';

const FIELDS = {
  [CODE.groupCodeTaken]: 'groupCode',
  [CODE.mailGroupNeedsEmail]: 'email',
  [CODE.securityGroupHasNoEmail]: 'email',
  [CODE.unknownUsers]: 'managerUserId',
};

interface CreateValues {
  groupCode: string;
  groupName: string;
  groupType: GroupType;
  email?: string;
  managerUserId: string;
}

/** A new security or mail group with its manager. */
export function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CreateValues>();
  const { mutateAsync: create, mutation } = useCreate();
  const type = Form.useWatch('groupType', form);

  async function submit(values: CreateValues) {
    try {
      await create({
        resource: 'groups',
        values: { ...values, email: values.groupType === GroupType.MAIL ? (values.email ?? null) : null },
        successNotification: false,
        errorNotification: errorNotice(),
      });
      feedback.success(t('wb.groups.created'));
      onClose();
    } catch (error) {
      showFieldError(form, error, FIELDS);
    }
  }

  return (
    <Modal open={open} title={t('wb.groups.create')} onCancel={onClose} onOk={() => form.submit()} okButtonProps={{ loading: mutation.isPending }} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ groupType: GroupType.SECURITY }} onFinish={(values) => void submit(values)} data-testid="group-form">
        <Form.Item name="groupType" label={t('wb.groups.fields.kind')}>
          <Radio.Group
            options={[
              { value: GroupType.SECURITY, label: t('wb.groups.kinds.SECURITY') },
              { value: GroupType.MAIL, label: t('wb.groups.kinds.MAIL') },
            ]}
          />
        </Form.Item>
        <Form.Item name="groupCode" label={t('wb.groups.fields.code')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.groups.fields.code') }) }, { pattern: IDENTIFIER_PATTERN, message: t('wb.apps.identifierRule') }]}>
          <Input maxLength={LIMITS.groupCodeMax} data-testid="group-code" />
        </Form.Item>
        <Form.Item name="groupName" label={t('wb.groups.fields.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.groups.fields.name') }) }]}>
          <Input maxLength={LIMITS.groupNameMax} data-testid="group-name" />
        </Form.Item>
        {type === GroupType.MAIL ? (
          <Form.Item name="email" label={t('wb.groups.fields.email')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.groups.fields.email') }) }, { pattern: EMAIL_PATTERN, message: t('wb.users.emailRule') }]}>
            <Input maxLength={LIMITS.emailMax} />
          </Form.Item>
        ) : null}
        <Form.Item name="managerUserId" label={t('wb.groups.fields.manager')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.groups.fields.manager') }) }]}>
          <PersonSelect<string> useSearch={useUserSearch} allowClear data-testid="group-manager" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EditValues {
  name?: string;
  email?: string | null;
  managerUserId?: string;
}

/** Rename a group or mailbox, change its address, or give it another manager. */
export function EditGroupDialog({ row, onClose }: { row: AdminGroupRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const { mutateAsync: update } = useUpdate();
  const mailboxUpdate = useEndpointMutation(ENDPOINTS.groups.actions.mailboxUpdate, { refresh: ['groups'] });
  const setManager = useEndpointMutation(ENDPOINTS.groups.actions.setManager, { refresh: ['groups'] });
  const mailboxSetManager = useEndpointMutation(ENDPOINTS.groups.actions.mailboxSetManager, { refresh: ['groups'] });
  const mailbox = row?.kind === GroupKind.PUBLIC_MAIL;
  const security = row?.kind === GroupKind.SECURITY;

  useEffect(() => {
    if (row) form.setFieldsValue({ name: row.name, email: row.email, managerUserId: row.managerUserId ?? undefined });
  }, [row, form]);

  async function submit(values: EditValues) {
    if (!row) return;
    try {
      if (mailbox) await mailboxUpdate.submit({ id: row.id, userName: values.name, email: values.email ?? undefined });
      else await update({ resource: 'groups', id: row.id, values: { groupName: values.name, email: security ? null : (values.email ?? null) }, successNotification: false, errorNotification: errorNotice() });
      if (values.managerUserId && values.managerUserId !== row.managerUserId) {
        await (mailbox ? mailboxSetManager : setManager).submit({ id: row.id, managerUserId: values.managerUserId });
      }
      feedback.success(t('wb.common.saved'));
      onClose();
    } catch (error) {
      showFieldError(form, error, { ...FIELDS, [CODE.mailGroupNeedsEmail]: 'email' });
    }
  }

  return (
    <Modal open={row !== null} title={t('wb.groups.editTitle', { name: row?.name ?? '' })} onCancel={onClose} onOk={() => form.submit()} destroyOnHidden forceRender>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={t('wb.groups.fields.name')} rules={[{ required: true, whitespace: true, message: t('wb.common.required', { field: t('wb.groups.fields.name') }) }]}>
          <Input maxLength={mailbox ? LIMITS.userNameMax : LIMITS.groupNameMax} />
        </Form.Item>
        {security ? null : (
          <Form.Item name="email" label={t('wb.groups.fields.email')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.groups.fields.email') }) }, { pattern: EMAIL_PATTERN, message: t('wb.users.emailRule') }]}>
            <Input maxLength={LIMITS.emailMax} />
          </Form.Item>
        )}
        <Form.Item name="managerUserId" label={t('wb.groups.fields.manager')}>
          <PersonSelect<string> useSearch={useUserSearch} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
