import { useTranslation } from '@refinedev/core';
import { Avatar, Form, Input, Modal, Select, Space } from 'antd';
import type { Ref } from 'react';
import { LIMITS } from '../../../contract/rules';
import { successNotice } from '../../providers/notificationProvider';
import { useDialogForm, type DialogHandle } from '../shared/useDialogForm';
import { useApplyOptions } from './useApplyOptions';

interface Values {
  appId?: string;
  roleIdSet?: number[];
  applyReason?: string;
}

/**
 * Apply for an application (required) with some of its roles and a reason. Roles may stay empty
 * for an application outside the permission system; the server refuses a duplicate pending
 * request and says why (the form's error toast), and the dialog stays open.
 */
export function ApplyDialog({ ref }: { ref: Ref<DialogHandle> }) {
  const { translate: t } = useTranslation();
  // Refine's modal form: creates the request, toasts success, refreshes the list, closes;
  // a refusal is toasted and keeps the dialog open.
  const { modalProps, formProps, form, save } = useDialogForm<Values>(ref, {
    resource: 'requests',
    submitTestId: 'apply-submit',
    successNotification: successNotice(t('requests.apply.done')),
  });
  const open = modalProps.open === true;
  const appId = Form.useWatch('appId', form);
  const { setAppText, apps, appsLoading, roles, rolesLoading } = useApplyOptions(open, appId);

  function submit(values: Values) {
    save({ appId: values.appId, roleIdSet: values.roleIdSet ?? [], applyReason: values.applyReason?.trim() ?? '' });
  }

  return (
    <Modal
      {...modalProps}
      title={t('requests.apply.title')}
      okText={t('requests.apply.submit')}
      afterClose={() => {
        modalProps.afterClose?.();
        setAppText('');
      }}
    >
      <Form {...formProps} layout="vertical" onFinish={submit} data-testid="apply-form">
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
