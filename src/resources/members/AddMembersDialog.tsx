import { useCreate } from '@refinedev/core';
import { Empty, Form, Modal, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../providers/feedback';
import { PersonSelect, type PersonOption } from '../shared/PersonSelect';

interface Props {
  open: boolean;
  groupCode: string;
  onClose: () => void;
}

/**
 * Find people by name or account, pick several (the search text stays, so one search can feed
 * several picks), review them as removable chips, add them all in one call.
 */
export function AddMembersDialog({ open, groupCode, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ people: PersonOption[] }>();
  const people: PersonOption[] = Form.useWatch('people', form) ?? [];
  const { mutateAsync, mutation } = useCreate();

  function drop(userId: string) {
    form.setFieldValue('people', people.filter((p) => p.value !== userId));
  }

  async function submit({ people: chosen }: { people: PersonOption[] }) {
    try {
      // Refine refreshes the member list after the create.
      await mutateAsync({ resource: 'members', values: { groupCode, userIdSet: chosen.map((p) => p.value) } });
    } catch {
      return;
    }
    feedback.success(t('members.add.done'));
    onClose();
  }

  return (
    <Modal
      open={open}
      title={t('members.add.title')}
      okText={t('members.add.submit')}
      okButtonProps={{ loading: mutation.isPending, 'data-testid': 'add-members-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelText={t('common.actions.cancel')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ people: [] }} onFinish={(values) => void submit(values)}>
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
