import { useCustomMutation, useInvalidate, useNotification } from '@refinedev/core';
import { Alert, Form, Modal, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupType } from '../../../contract/enums';
import { paths } from '../../../contract/paths';
import type { MailGroup } from '../../../contract/schemas/groups';
import { PersonSelect, type PersonOption } from '../shared/PersonSelect';

interface Props {
  /** The group being handed over; null when closed. */
  group: MailGroup | null;
  onClose: () => void;
}

/** Hands a group to a new manager; afterwards it is no longer this user's, so it leaves the list. */
export function TransferDialog({ group, onClose }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ manager?: PersonOption }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const [failed, setFailed] = useState(false);
  const kind = group?.groupType === GroupType.SECURITY ? 'security' : 'mail';

  async function submit({ manager }: { manager?: PersonOption }) {
    if (!group || !manager) return;
    setFailed(false);
    try {
      await mutateAsync({ url: paths.personal.groupManagerUpdate, method: 'post', values: { groupCode: group.groupCode, managerUserId: manager.value } });
    } catch {
      // The server's reason was toasted; the dialog stays open to pick someone else.
      setFailed(true);
      return;
    }
    notify?.({ type: 'success', message: t(`groups.transfer.done.${kind}`) });
    onClose();
    void invalidate({ resource: 'groups', invalidates: ['list'] });
  }

  return (
    <Modal
      open={group !== null}
      title={t('groups.transfer.title', { name: group?.groupName ?? '' })}
      okText={t('groups.transfer.submit')}
      okButtonProps={{ loading: mutation.isPending, 'data-testid': 'transfer-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setFailed(false);
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('groups.transfer.warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="manager" label={t('groups.transfer.manager')} rules={[{ required: true, message: t('groups.transfer.required') }]}>
          <PersonSelect allowClear data-testid="transfer-manager" />
        </Form.Item>
      </Form>
      {failed ? <Alert type="error" showIcon message={t(`groups.transfer.failed.${kind}`)} data-testid="transfer-error" /> : null}
    </Modal>
  );
}
