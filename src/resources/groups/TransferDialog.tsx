import type { OpenNotificationParams } from '@refinedev/core';
import { Alert, Form, Modal } from 'antd';
import type { Ref } from 'react';
import { CODE } from '../../../contract/codeNames';
import { GroupType } from '../../../contract/enums';
import type { MailGroup } from '../../../contract/schemas/groups';
import { PersonSelect } from '../../shared/components/PersonSelect';
import { useColleagueSearch, type PersonOption } from '../shared/useColleagueSearch';
import { useActionDialog } from '../shared/useActionDialog';
import type { DialogHandle } from '../shared/useDialogForm';
import { useTranslation } from 'react-i18next';

/** The form holds the chosen person; the server gets the group and the new manager's account. */
type Values = { manager?: PersonOption; groupCode?: string; managerUserId?: string };

/**
 * Hands a group to a new manager (the groups resource's handOver action); afterwards the group
 * is no longer this user's, so it leaves the refreshed list. Someone who cannot take it over is said under the choice, and the dialog stays open.
 */
export function TransferDialog({ ref }: { ref: Ref<DialogHandle<MailGroup>> }) {
  const { t } = useTranslation();
  const { modalProps, formProps, save, row: group } = useActionDialog<Values, MailGroup>(ref, {
    resource: 'groups',
    action: 'handOver',
    submitTestId: 'transfer-submit',
    fields: [[[CODE.unknownUsers, CODE.managerIsSelf], 'manager']],
    successNotification: (): OpenNotificationParams => ({ type: 'success', message: t(`groups.transfer.done.${group?.groupType === GroupType.SECURITY ? 'security' : 'mail'}`) }),
  });

  function submit({ manager }: Values) {
    if (group && manager) save({ groupCode: group.groupCode, managerUserId: manager.value });
  }

  return (
    <Modal {...modalProps} title={t('groups.transfer.title', { name: group?.groupName ?? '' })} okText={t('groups.transfer.submit')}>
      <Alert type="warning" showIcon message={t('groups.transfer.warning')} style={{ marginBottom: 16 }} />
      <Form {...formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="manager" label={t('groups.transfer.manager')} rules={[{ required: true, message: t('groups.transfer.required') }]}>
          <PersonSelect useSearch={useColleagueSearch} labelInValue allowClear data-testid="transfer-manager" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
