import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserBatchAction } from '../../../../contract/enums';
import { USER_BATCH_MAX } from '../../../../contract/schemas/admin/users';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { DeptSelect } from '../../shared/DeptSelect';
import { ENDPOINTS } from '../../providers/endpoints';
import { BatchResultDialog, type BatchOutcome } from './BatchResultDialog';

/** Done at once; the rest ask first (disable, delete: by the count) or ask where to (move). */
const DIRECT = [UserBatchAction.ENABLE, UserBatchAction.END_SESSIONS, UserBatchAction.REQUIRE_PASSWORD_CHANGE, UserBatchAction.SEND_ACTIVATION] as const;
const CONFIRMED = [UserBatchAction.DISABLE, UserBatchAction.DELETE] as const;
type Confirmed = (typeof CONFIRMED)[number];

/**
 * The selected people's actions: how many are selected, each action for all of them at once
 * (users/batch, one result per person), then what was refused and why. The selection is
 * cleared and the list refreshed after every run.
 */
export function BatchBar({ ids, onClear }: { ids: number[]; onClear: () => void }) {
  const { t } = useTranslation();
  const batch = useEndpointMutation(ENDPOINTS.users.actions.batch, { refresh: ['users'] });
  const [asking, setAsking] = useState<Confirmed | null>(null);
  // The dialog keeps its title and text while it closes (a dialog without a name is read as nothing).
  const [asked, setAsked] = useState<Confirmed>(UserBatchAction.DELETE);
  const [moving, setMoving] = useState(false);
  const [deptId, setDeptId] = useState<number | null>(null);
  // Kept after the dialog closes, so it keeps its title while it fades.
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const [showing, setShowing] = useState(false);
  const count = ids.length;
  const tooMany = count > USER_BATCH_MAX;

  async function run(action: UserBatchAction, dept?: number) {
    const result = await batch.submit({ ids, action, ...(dept === undefined ? {} : { deptId: dept }) });
    setAsking(null);
    setMoving(false);
    onClear();
    setOutcome({ action, result });
    setShowing(true);
  }

  const button = (action: UserBatchAction, onClick: () => void, danger = false) => (
    <Button key={action} size="small" danger={danger} disabled={tooMany || batch.isPending} onClick={onClick} data-testid={`batch-${action}`}>
      {t(`wb.users.batch.action.${action}`)}
    </Button>
  );

  return (
    <>
      {count > 0 ? (
        <Alert
          type={tooMany ? 'warning' : 'info'}
          style={{ marginBottom: 12 }}
          data-testid="batch-bar"
          message={
            <Space wrap size="small">
              <Typography.Text strong data-testid="batch-count">{t('wb.users.batch.selected', { count })}</Typography.Text>
              {tooMany ? <Typography.Text type="warning">{t('wb.users.batch.tooMany', { max: USER_BATCH_MAX })}</Typography.Text> : null}
              {DIRECT.map((action) => button(action, () => void run(action).catch(() => undefined)))}
              {button(UserBatchAction.MOVE, () => setMoving(true))}
              {CONFIRMED.map((action) => button(action, () => {
                setAsked(action);
                setAsking(action);
              }, true))}
              <Button size="small" type="link" onClick={onClear} data-testid="batch-clear">{t('wb.users.batch.clear')}</Button>
            </Space>
          }
        />
      ) : null}
      <Modal
        open={asking !== null}
        title={t(`wb.users.batch.action.${asked}`)}
        okText={t(`wb.users.batch.action.${asked}`)}
        okButtonProps={{ danger: true, loading: batch.isPending, ...({ 'data-testid': 'batch-confirm-ok' } as Record<string, string>) }}
        onOk={() => asking && void run(asking).catch(() => setAsking(null))}
        onCancel={() => setAsking(null)}
        destroyOnHidden
      >
        <span data-testid="batch-confirm-text">{t(`wb.users.batch.confirm.${asked}`, { count })}</span>
      </Modal>
      <Modal
        open={moving}
        title={t('wb.users.batch.moveTitle', { count })}
        okText={t('wb.users.batch.action.MOVE')}
        okButtonProps={{ disabled: deptId === null, loading: batch.isPending, ...({ 'data-testid': 'batch-move-ok' } as Record<string, string>) }}
        onOk={() => deptId !== null && void run(UserBatchAction.MOVE, deptId).catch(() => undefined)}
        onCancel={() => setMoving(false)}
        afterClose={() => setDeptId(null)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('wb.users.batch.moveDept')} htmlFor="batch-move-dept" required>
            <DeptSelect id="batch-move-dept" value={deptId} onChange={(value) => setDeptId(value ?? null)} style={{ width: '100%' }} data-testid="batch-move-dept" />
          </Form.Item>
        </Form>
      </Modal>
      <BatchResultDialog outcome={outcome} open={showing} onClose={() => setShowing(false)} />
    </>
  );
}
