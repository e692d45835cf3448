import { useCreate } from '@refinedev/core';
import { Avatar, Form, Input, Modal, Select, Space, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';
import { feedback } from '../../providers/feedback';
import { useApplyOptions } from './useApplyOptions';

interface Values {
  appId?: string;
  roleIdSet?: number[];
  applyReason?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Apply for an application (required) with some of its roles and a reason. Roles may stay empty
 * for an application outside the permission system; the server refuses a duplicate pending
 * request and says why (the http layer shows its message), and the dialog stays open.
 */
export function ApplyDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const appId = Form.useWatch('appId', form);
  const { setAppText, apps, appsLoading, roles, rolesLoading } = useApplyOptions(open, appId);
  const { mutateAsync, mutation } = useCreate();

  async function submit(values: Values) {
    try {
      await mutateAsync({
        resource: 'requests',
        values: { appId: values.appId, roleIdSet: values.roleIdSet ?? [], applyReason: values.applyReason?.trim() ?? '' },
      });
    } catch {
      return;
    }
    feedback.success(t('requests.apply.done'));
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('requests.apply.title')}
      okText={t('requests.apply.submit')}
      okButtonProps={{ loading: mutation.isPending, 'data-testid': 'apply-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setAppText('');
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="apply-form">
        <Form.Item name="appId" label={t('requests.fields.appName')} rules={[{ required: true, message: t('requests.apply.appRequired') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setAppText}
            onChange={() => form.setFieldValue('roleIdSet', [])}
            loading={appsLoading}
            placeholder={t('requests.apply.appPlaceholder')}
            notFoundContent={appsLoading ? undefined : t('requests.apply.noApps')}
            data-testid="apply-app"
            options={apps.map((a) => ({
              value: a.appId,
              label: (
                <Space size={8}>
                  {a.icon ? <Avatar src={a.icon} size={18} shape="square" alt="" /> : null}
                  <span>{a.appName}</span>
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="roleIdSet" label={t('requests.fields.roleName')} extra={t('requests.apply.rolesHint')}>
          <Select
            mode="multiple"
            allowClear
            disabled={!appId}
            loading={rolesLoading}
            placeholder={t('requests.apply.rolePlaceholder')}
            notFoundContent={rolesLoading ? undefined : t('requests.apply.noRoles')}
            data-testid="apply-roles"
            options={roles.map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
        <Form.Item name="applyReason" label={t('requests.fields.applyReason')}>
          <Input.TextArea rows={3} maxLength={LIMITS.reasonMax} showCount placeholder={t('requests.apply.reasonPlaceholder')} data-testid="apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
