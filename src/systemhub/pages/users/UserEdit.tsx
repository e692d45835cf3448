import { useForm } from '@refinedev/antd';
import { Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { AdminUserDetail } from '../../../../contract/schemas/admin/users';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { toUserBody, USER_FIELD_ERRORS, UserForm } from './UserForm';
import { errorNotice } from '../../../shared/providers/notificationProvider';
import { NotFound } from '../../shared/NotFound';

/** Change a person's fields (the account stays). */
export default function UserEdit() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { formProps, saveButtonProps, form, query } = useForm<AdminUserDetail>({
    resource: 'users',
    action: 'edit',
    id,
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('wb.common.saved') }),
    errorNotification: errorNotice(),
    onMutationSuccess: () => navigate(`/users/show/${id}`),
    onMutationError: (error) => showFieldError(form, error, USER_FIELD_ERRORS),
  });
  const user = query?.data?.data;
  if (query?.isError) return <NotFound back="/users" />;
  return (
    <Spin spinning={!!query?.isLoading}>
      <PageHeader title={t('wb.users.edit', { name: user?.userName ?? '' })} back={`/users/show/${id}`} />
      <UserForm formProps={{ ...formProps, onFinish: (values) => formProps.onFinish?.(toUserBody(values as Record<string, unknown>)) }} creating={false} fromDirectory={!!user?.fromDirectory} />
      <Space>
        <Button type="primary" {...saveButtonProps} data-testid="user-save">
          {t('wb.common.save')}
        </Button>
        <Button onClick={() => navigate(`/users/show/${id}`)}>{t('wb.common.cancel')}</Button>
      </Space>
    </Spin>
  );
}
