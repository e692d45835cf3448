import { useCustomMutation, useNotification } from '@refinedev/core';
import { Alert, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Decision } from '../../../contract/enums';
import { paths } from '../../../contract/paths';
import { LIMITS } from '../../../contract/rules';

export interface PendingDecision {
  status: Decision;
  applyIdList: number[];
}

interface Props {
  /** What is about to be decided; null when closed. */
  decision: PendingDecision | null;
  onClose: () => void;
  /** After the call, whatever its outcome: the selection is cleared and the list reloaded. */
  onSettled: () => void;
}

/**
 * "You are about to pass (reject) N requests" with an opinion. The server decides a batch as
 * a whole; when someone else decided one of them first it refuses (its message is shown by the
 * http layer) and the dialog closes on a fresh list either way.
 */
export function ApprovalDialog({ decision, onClose, onSettled }: Props) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const [form] = Form.useForm<{ approvalSuggestion?: string }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const passing = decision?.status === Decision.PASS;
  const count = decision?.applyIdList.length ?? 0;

  async function submit({ approvalSuggestion }: { approvalSuggestion?: string }) {
    if (!decision) return;
    try {
      await mutateAsync({
        url: paths.auty.approve,
        method: 'post',
        values: { status: decision.status, approvalSuggestion: approvalSuggestion?.trim() ?? '', applyIdList: decision.applyIdList },
      });
      notify?.({ type: 'success', message: t('approvals.decide.done') });
    } catch {
      // Already shown; the list below is reloaded to show what really happened.
    }
    onClose();
    onSettled();
  }

  return (
    <Modal
      open={decision !== null}
      title={t(passing ? 'approvals.decide.passTitle' : 'approvals.decide.rejectTitle')}
      okText={t(passing ? 'approvals.actions.pass' : 'approvals.actions.reject')}
      okButtonProps={{ danger: !passing, loading: mutation.isPending, 'data-testid': 'decide-ok' } as ButtonProps}
      onOk={() => form.submit()}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Alert
        type={passing ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="decide-summary"
        message={t(passing ? 'approvals.decide.aboutToPass' : 'approvals.decide.aboutToReject', { count })}
      />
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="approvalSuggestion" label={t('approvals.decide.suggestion')}>
          <Input.TextArea rows={3} maxLength={LIMITS.reasonMax} showCount placeholder={t('approvals.decide.suggestionPlaceholder')} data-testid="decide-suggestion" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
