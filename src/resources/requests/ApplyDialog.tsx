import { useModalForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Avatar, Form, Input, Modal, Select, Space, type ButtonProps } from 'antd';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../contract/rules';
import type { ApplyRecord } from '../../../contract/schemas/permissions';
import { useApplyOptions } from './useApplyOptions';

interface Values {
  appId?: string;
  roleIdSet?: number[];
  applyReason?: string;
}

/** What the list holds to open the dialog. */
export interface ApplyDialogHandle {
  show: () => void;
}

/**
 * Apply for an application (required) with some of its roles and a reason. Roles may stay empty
 * for an application outside the permission system; the server refuses a duplicate pending
 * request and says why (the http layer shows its message), and the dialog stays open.
 */
export function ApplyDialog({ ref }: { ref: Ref<ApplyDialogHandle> }) {
  const { t } = useTranslation();
  // Refine's modal form: creates the request, toasts success, refreshes the list, closes;
  // a refusal keeps the dialog open (the http layer already showed the server's reason).
  const { modalProps, formProps, form, show } = useModalForm<ApplyRecord, HttpError, Values>({
    action: 'create',
    resource: 'requests',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('requests.apply.done'), key: 'requests.apply.done' }),
    errorNotification: false,
  });
  useImperativeHandle(ref, () => ({ show: () => show() }), [show]);
  const open = modalProps.open === true;
  const appId = Form.useWatch('appId', form);
  const { setAppText, apps, appsLoading, roles, rolesLoading } = useApplyOptions(open, appId);

  function submit(values: Values) {
    const body = { appId: values.appId, roleIdSet: values.roleIdSet ?? [], applyReason: values.applyReason?.trim() ?? '' };
    void Promise.resolve(formProps.onFinish?.(body)).catch(() => undefined);
  }

  return (
    <Modal
      {...modalProps}
      width={undefined}
      forceRender={false}
      title={t('requests.apply.title')}
      okText={t('requests.apply.submit')}
      okButtonProps={{ ...modalProps.okButtonProps, 'data-testid': 'apply-submit' } as ButtonProps}
      cancelText={t('common.actions.cancel')}
      afterClose={() => {
        form.resetFields();
        setAppText('');
      }}
      destroyOnHidden
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
