import { useModalForm } from '@refinedev/antd';
import type { BaseRecord, HttpError } from '@refinedev/core';
import { Empty, Form, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonSelect, type PersonOption } from '../shared/PersonSelect';

/** The form holds the picked people; the server gets the group and their accounts. */
type Values = { people?: PersonOption[]; groupCode?: string; userIdSet?: string[] };

/** What the member list holds to open the dialog. */
export interface AddMembersHandle {
  show: () => void;
}

interface Props {
  groupCode: string;
  ref: Ref<AddMembersHandle>;
}

/**
 * Find people by name or account, pick several (the search text stays, so one search can feed
 * several picks), review them as removable chips, add them all in one call.
 */
export function AddMembersDialog({ groupCode, ref }: Props) {
  const { t } = useTranslation();
  // Refine's modal form: adds the people, toasts success, refreshes the member list, closes;
  // a refusal keeps the dialog open (the http layer already showed the server's reason).
  const { modalProps, formProps, form, show } = useModalForm<BaseRecord, HttpError, Values>({
    action: 'create',
    resource: 'members',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('members.add.done'), key: 'members.add.done' }),
    errorNotification: false,
  });
  useImperativeHandle(ref, () => ({ show: () => show() }), [show]);
  const people: PersonOption[] = Form.useWatch('people', form) ?? [];

  function drop(userId: string) {
    form.setFieldValue('people', people.filter((p) => p.value !== userId));
  }

  function submit({ people: chosen = [] }: Values) {
    void Promise.resolve(formProps.onFinish?.({ groupCode, userIdSet: chosen.map((p) => p.value) })).catch(() => undefined);
  }

  return (
    <Modal
      {...modalProps}
      width={undefined}
      forceRender={false}
      title={t('members.add.title')}
      okText={t('members.add.submit')}
      okButtonProps={{ ...modalProps.okButtonProps, 'data-testid': 'add-members-submit' } as ButtonProps}
      cancelText={t('common.actions.cancel')}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form {...formProps} layout="vertical" initialValues={{ people: [] }} onFinish={submit}>
        <Form.Item name="people" label={t('members.add.search')} rules={[{ required: true, type: 'array', min: 1, message: t('members.add.required') }]}>
          <PersonSelect
            mode="multiple"
            autoClearSearchValue={false}
            maxTagCount={0}
            maxTagPlaceholder={(omitted) => t('members.add.chosen', { count: omitted.length })}
            data-testid="add-members-search"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('members.add.selectedList', { count: people.length })}</Typography.Text>
      <div style={{ marginTop: 8, minHeight: 40 }} data-testid="add-members-selected">
        {people.length ? (
          <Space size={[4, 8]} wrap>
            {people.map((p) => (
              <Tag key={p.value} closable onClose={() => drop(p.value)} data-testid={`selected-${p.value}`}>
                {p.label}
              </Tag>
            ))}
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('members.add.noneSelected')} style={{ margin: 0 }} />
        )}
      </div>
    </Modal>
  );
}
