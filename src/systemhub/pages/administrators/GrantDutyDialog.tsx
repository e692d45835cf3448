import { Form, Modal, Select, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../../../contract/codeNames';
import { ADMIN_DUTIES, type AdminDuty } from '../../../../contract/duties';
import { PersonSelect } from '../../../shared/components/PersonSelect';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { useEndpointMutation } from '../../../shared/hooks/useEndpoint';
import { ENDPOINTS } from '../../providers/endpoints';
import { DeptSelect } from '../../shared/DeptSelect';
import { useUserRecordSearch } from '../../shared/useUserSearch';

interface Values {
  id: number | null;
  duty: AdminDuty;
  deptId?: number | null;
}

/** Refusals the form puts under the field they concern instead of a toast. */
const FIELDS = { [CODE.dutyHeld]: 'id' } as const;
const QUIET = [CODE.dutyHeld] as const;

/** Give a person an administrator duty: the person, the duty, and for a department administrator the subtree they look after (mounted while open, so each opening starts empty). */
export function GrantDutyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const duty = Form.useWatch('duty', form);
  const assign = useEndpointMutation(ENDPOINTS.administrators.actions.assign, { quiet: QUIET, reread: [ENDPOINTS.administrators.list], success: t('wb.administrators.granted') });

  const submit = async (values: Values) => {
    if (values.id === null) return;
    try {
      await assign.submit({ id: values.id, duty: values.duty, ...(values.duty === 'department' && values.deptId ? { deptId: values.deptId } : {}) });
      onClose();
    } catch (error) {
      showFieldError(form, error, FIELDS);
    }
  };

  return (
    <Modal
      open
      title={t('wb.administrators.grant')}
      okText={t('wb.administrators.grantOk')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      okButtonProps={{ 'data-testid': 'grant-ok' } as ButtonProps}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ id: null }}>
        <Form.Item name="id" label={t('wb.administrators.person')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.administrators.person') }) }]}>
          <PersonSelect<number> useSearch={useUserRecordSearch} allowClear data-testid="grant-person" />
        </Form.Item>
        <Form.Item name="duty" label={t('wb.administrators.duty')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.administrators.duty') }) }]}>
          <Select<AdminDuty> options={ADMIN_DUTIES.map((value) => ({ value, label: t(`wb.duties.${value}`) }))} data-testid="grant-duty" />
        </Form.Item>
        {duty === 'department' ? (
          <Form.Item name="deptId" label={t('wb.administrators.dept')} rules={[{ required: true, message: t('wb.common.required', { field: t('wb.administrators.dept') }) }]}>
            <DeptSelect data-testid="grant-dept" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
