import { useForm } from '@refinedev/antd';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AppCreateBody } from '../../../../contract/schemas/admin/apps';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { APP_FIELD_ERRORS, AppForm, toAppBody } from './AppForm';
import { OIDC_DEFAULTS } from './OidcSection';
import { errorNotice } from '../../../shared/providers/notificationProvider';

/** Add an application; then its page, for roles, approvers and grants. */
export default function AppCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { formProps, saveButtonProps, form } = useForm<{ id: number }, never, AppCreateBody>({
    resource: 'apps',
    action: 'create',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('wb.apps.created') }),
    errorNotification: errorNotice(),
    onMutationSuccess: ({ data }) => navigate(`/apps/show/${data.id}`),
    onMutationError: (error) => showFieldError(form, error, APP_FIELD_ERRORS),
  });
  const initialValues = { loginTypes: ['ACCOUNT'], captchaStrategy: null, secondAuthRequired: false, sortOrder: 0, permSystem: true, enabled: true, ...OIDC_DEFAULTS };
  return (
    <>
      <PageHeader title={t('wb.apps.create')} back="/apps" />
      <AppForm formProps={{ ...formProps, initialValues, onFinish: (values) => formProps.onFinish?.(toAppBody(values as AppCreateBody)) }} creating />
      <Space>
        <Button type="primary" {...saveButtonProps} data-testid="app-save">
          {t('wb.common.save')}
        </Button>
        <Button onClick={() => navigate('/apps')}>{t('wb.common.cancel')}</Button>
      </Space>
    </>
  );
}
