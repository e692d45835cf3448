import { useForm } from '@refinedev/antd';
import { Button, Form, Input, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NoticeKind } from '../../../../contract/enums';
import { LIMITS } from '../../../../contract/rules';
import type { AdminNotice } from '../../../../contract/schemas/admin/notices';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { errorNotice } from '../../../shared/providers/notificationProvider';
import { NotFound } from '../../shared/NotFound';

/** Write or change a notice or news item (a draft until published from the list). */
export function NoticeFormPage({ action }: { action: 'create' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { formProps, saveButtonProps, form, query } = useForm<AdminNotice>({
    resource: 'notices',
    action,
    id: action === 'edit' ? id : undefined,
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('wb.common.saved') }),
    errorNotification: errorNotice(),
    onMutationSuccess: () => navigate('/notices'),
    onMutationError: (error) => showFieldError(form, error),
  });
  if (query?.isError) return <NotFound back="/notices" />;
  const required = (field: string) => [{ required: true, whitespace: true, message: t('wb.common.required', { field: t(`wb.notices.fields.${field}`) }) }];
  return (
    <Spin spinning={!!query?.isLoading}>
      <PageHeader title={t(action === 'create' ? 'wb.notices.create' : 'wb.notices.edit')} back="/notices" />
      <Form
        {...formProps}
        layout="vertical"
        style={{ maxWidth: 800 }}
        initialValues={action === 'create' ? { kind: NoticeKind.NOTICE } : formProps.initialValues}
        onFinish={(values) => {
          const body = values as { link?: string | null };
          return formProps.onFinish?.({ ...body, link: body.link?.trim() ? body.link.trim() : null });
        }}
        data-testid="notice-form"
      >
        <Form.Item name="kind" label={t('wb.notices.fields.kind')}>
          <Select style={{ maxWidth: 240 }} options={Object.values(NoticeKind).map((kind) => ({ value: kind, label: t(`wb.notices.kinds.${kind}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('wb.notices.fields.title')} rules={required('title')}>
          <Input maxLength={LIMITS.noticeTitleMax} data-testid="notice-title" />
        </Form.Item>
        <Form.Item name="body" label={t('wb.notices.fields.body')} rules={required('body')}>
          <Input.TextArea rows={8} maxLength={LIMITS.noticeBodyMax} showCount data-testid="notice-body" />
        </Form.Item>
        <Form.Item name="link" label={t('wb.notices.fields.link')} extra={t('wb.notices.linkHint')}>
          <Input maxLength={LIMITS.urlMax} />
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" {...saveButtonProps} data-testid="notice-save">
          {t('wb.common.save')}
        </Button>
        <Button onClick={() => navigate('/notices')}>{t('wb.common.cancel')}</Button>
      </Space>
    </Spin>
  );
}
