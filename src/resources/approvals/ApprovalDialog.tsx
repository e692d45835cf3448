import { Alert, Form, Input, Modal } from 'antd';
import type { Ref } from 'react';
import { Decision } from '../../../contract/enums';
import { LIMITS } from '../../../contract/rules';
import { successNotice } from '../../shared/providers/notificationProvider';
import { useActionDialog } from '../shared/useActionDialog';
import type { DialogHandle } from '../shared/useDialogForm';
import { useTranslation } from 'react-i18next';

/** What is about to be decided. */
export interface PendingDecision {
  status: Decision;
  applyIdList: number[];
}

/** The form holds the opinion; the server gets the decision with it. */
interface Values {
  approvalSuggestion?: string;
  status?: Decision;
  applyIdList?: number[];
}

interface Props {
  ref: Ref<DialogHandle<PendingDecision>>;
  /** After the call, whatever its outcome: the selection is cleared and the list reloaded. */
  onSettled: () => void;
}

/**
 * "You are about to pass (reject) N requests" with an opinion, as the approvals resource's decide
 * action. The server decides a batch as a whole; when someone else decided one of them first
 * it refuses (its reason is toasted) and the dialog closes on a fresh list either way.
 */
export function ApprovalDialog({ ref, onSettled }: Props) {
  const { t } = useTranslation();
  const { modalProps, formProps, close, save, row: decision } = useActionDialog<Values, PendingDecision>(ref, {
    resource: 'approvals',
    action: 'decide',
    submitTestId: 'decide-ok',
    successNotification: successNotice(t('approvals.decide.done')),
    onMutationSuccess: onSettled,
    onMutationError: () => {
      close();
      onSettled();
    },
  });
  const passing = decision?.status === Decision.PASS;

  function submit({ approvalSuggestion }: Values) {
    if (decision) save({ status: decision.status, approvalSuggestion: approvalSuggestion?.trim() ?? '', applyIdList: decision.applyIdList });
  }

  return (
    <Modal
      {...modalProps}
      title={t(passing ? 'approvals.decide.passTitle' : 'approvals.decide.rejectTitle')}
      okText={t(passing ? 'approvals.actions.pass' : 'approvals.actions.reject')}
      okButtonProps={{ ...modalProps.okButtonProps, danger: !passing }}
    >
      <Alert
        type={passing ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="decide-summary"
        message={t(passing ? 'approvals.decide.aboutToPass' : 'approvals.decide.aboutToReject', { count: decision?.applyIdList.length ?? 0 })}
      />
      <Form {...formProps} layout="vertical" onFinish={submit}>
        <Form.Item name="approvalSuggestion" label={t('approvals.decide.suggestion')}>
          <Input.TextArea rows={3} maxLength={LIMITS.reasonMax} showCount placeholder={t('approvals.decide.suggestionPlaceholder')} data-testid="decide-suggestion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
