import { useForm } from '@refinedev/antd';
import { Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AdminApp } from '../../../../contract/schemas/admin/apps';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { APP_FIELD_ERRORS, AppForm, toAppBody } from './AppForm';
import { errorNotice } from '../../../shared/providers/notificationProvider';
import { NotFound } from '../../shared/NotFound';

/** Change an application's settings (its app id and client id stay). */
export default function AppEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { formProps, saveButtonProps, form, query } = useForm<AdminApp>({
    resource: 'apps',
    action: 'edit',
    id,
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('wb.common.saved') }),
    errorNotification: errorNotice(),
    onMutationSuccess: () => navigate(`/apps/show/${id}`),
    onMutationError: (error) => showFieldError(form, error, APP_FIELD_ERRORS),
  });
  const app = query?.data?.data;
  if (query?.isError) return <NotFound back="/apps" />;
  return (
    <Spin spinning={!!query?.isLoading}>
      <PageHeader title={t('wb.apps.edit', { name: app?.appName ?? '' })} back={`/apps/show/${id}`} />
      <AppForm
        formProps={{ ...formProps, onFinish: (values) => formProps.onFinish?.(toAppBody(values as Record<string, unknown>)) }}
        creating={false}
        app={app}
      />
      <Space>
        <Button type="primary" {...saveButtonProps} data-testid="app-save">
          {t('wb.common.save')}
        </Button>
        <Button onClick={() => navigate(`/apps/show/${id}`)}>{t('wb.common.cancel')}</Button>
      </Space>
    </Spin>
  );
}
