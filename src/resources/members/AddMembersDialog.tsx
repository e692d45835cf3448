import { Empty, Form, Modal, Space, Tag, Typography } from 'antd';
import type { Ref } from 'react';
import { successNotice } from '../../shared/providers/notificationProvider';
import { PersonSelect } from '../../shared/components/PersonSelect';
import { useColleagueSearch, type PersonOption } from '../shared/useColleagueSearch';
import { useDialogForm, type DialogHandle } from '../shared/useDialogForm';
import { useTranslation } from 'react-i18next';

/** The form holds the picked people; the server gets the group and their accounts. */
type Values = { people?: PersonOption[]; groupCode?: string; userIdSet?: string[] };

interface Props {
  groupCode: string;
  ref: Ref<DialogHandle>;
}

/**
 * Find people by name or account, pick several (the search text stays, so one search can feed
 * several picks), review them as removable chips, add them all in one call.
 */
export function AddMembersDialog({ groupCode, ref }: Props) {
  const { t } = useTranslation();
  // Refine's modal form: adds the people, toasts success, refreshes the member list, closes;
  // a refusal is toasted and keeps the dialog open.
  const { modalProps, formProps, form, save } = useDialogForm<Values>(ref, {
    resource: 'members',
    submitTestId: 'add-members-submit',
    successNotification: successNotice(t('members.add.done')),
  });
  const people: PersonOption[] = Form.useWatch('people', form) ?? [];

  function drop(userId: string) {
    form.setFieldValue('people', people.filter((p) => p.value !== userId));
  }

  function submit({ people: chosen = [] }: Values) {
    save({ groupCode, userIdSet: chosen.map((p) => p.value) });
  }

  return (
    <Modal {...modalProps} title={t('members.add.title')} okText={t('members.add.submit')}>
      <Form {...formProps} layout="vertical" initialValues={{ people: [] }} onFinish={submit}>
        <Form.Item name="people" label={t('members.add.search')} rules={[{ required: true, type: 'array', min: 1, message: t('members.add.required') }]}>
          <PersonSelect
            useSearch={useColleagueSearch}
            scope={groupCode}
            labelInValue
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
