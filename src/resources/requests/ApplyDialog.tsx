import { Alert, Avatar, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { Ref } from 'react';
import { CODE } from '../../../contract/codeNames';
import { LIMITS } from '../../../contract/rules';
import type { FieldRefusals } from '../../shared/hooks/fieldRefusals';
import { successNotice } from '../../shared/providers/notificationProvider';
import { useDialogForm, type DialogHandle } from '../shared/useDialogForm';
import { useApplyOptions } from './useApplyOptions';
import { useTranslation } from 'react-i18next';

interface Values {
  appId?: string;
  roleIdSet?: number[];
  applyReason?: string;
}

/** The server's refusals, each said under the field it is about (never as a toast with a field name). */
const APPLY_FIELDS: FieldRefusals = [
  [[CODE.roleRequired, CODE.roleNotOfApp, CODE.rolesHeld], 'roleIdSet'],
  [[CODE.appUnavailable, CODE.permissionHeld, CODE.duplicateRequest], 'appId'],
];

/**
 * Apply for an application (required) with some of its roles and a reason. Whether roles may
 * stay empty is the application's (the server says so per application and refuses by the same
 * rule); roles the user already holds are not offered, and when nothing is left to ask for the
 * dialog says so instead of letting the user send a request that would be refused.
 */
export function ApplyDialog({ ref }: { ref: Ref<DialogHandle> }) {
  const { t } = useTranslation();
  // Refine's modal form: creates the request, toasts success, refreshes the list, closes;
  // a refusal goes under its field and keeps the dialog open.
  const { modalProps, formProps, form, save } = useDialogForm<Values>(ref, {
    resource: 'requests',
    submitTestId: 'apply-submit',
    fields: APPLY_FIELDS,
    successNotification: successNotice(t('requests.apply.done')),
  });
  const open = modalProps.open === true;
  const appId = Form.useWatch('appId', form);
  const { setAppText, apps, appsLoading, app, roles, heldRoles, rolesLoading, nothingLeft } = useApplyOptions(open, appId);
  const rolesRequired = app?.rolesRequired === true;

  function submit(values: Values) {
    save({ appId: values.appId, roleIdSet: values.roleIdSet ?? [], applyReason: values.applyReason?.trim() ?? '' });
  }

  let rolesExtra: string | undefined;
  if (app && !nothingLeft) {
    const rule = t(rolesRequired ? 'requests.apply.rolesRequiredHint' : 'requests.apply.rolesOptional');
    rolesExtra = heldRoles.length ? `${rule} ${t('requests.apply.heldRoles', { names: heldRoles.map((r) => r.name).join(t('requests.apply.separator')) })}` : rule;
  }

  return (
    <Modal
      {...modalProps}
      title={t('requests.apply.title')}
      okText={t('requests.apply.submit')}
      okButtonProps={{ ...modalProps.okButtonProps, disabled: nothingLeft }}
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
            onChange={() => form.setFields([{ name: 'roleIdSet', value: [], errors: [] }])}
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
                  {a.held ? <Tag bordered={false}>{t('requests.apply.held')}</Tag> : null}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        {nothingLeft ? (
          <Alert type="info" showIcon message={t('requests.apply.nothingLeft')} style={{ marginBottom: 16 }} data-testid="apply-nothing-left" />
        ) : (
          <Form.Item
            name="roleIdSet"
            label={t('requests.fields.roleName')}
            extra={rolesExtra ? <span data-testid="apply-roles-hint">{rolesExtra}</span> : undefined}
            required={rolesRequired}
            rules={rolesRequired ? [{ required: true, type: 'array', min: 1, message: t('requests.apply.rolesRequired') }] : []}
          >
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
        )}
        <Form.Item name="applyReason" label={t('requests.fields.applyReason')}>
          <Input.TextArea rows={3} maxLength={LIMITS.reasonMax} showCount placeholder={t('requests.apply.reasonPlaceholder')} data-testid="apply-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
