import { useForm } from '@refinedev/antd';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUserDetail, UserCreateBody } from '../../../../contract/schemas/admin/users';
import { showFieldError } from '../../../shared/hooks/fieldRefusals';
import { PageHeader } from '../../shared/PageHeader';
import { toUserBody, USER_FIELD_ERRORS, UserForm } from './UserForm';
import { errorNotice } from '../../../shared/providers/notificationProvider';

/** Add a person; then their page, where a first password can be generated. */
export default function UserCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { formProps, saveButtonProps, form } = useForm<AdminUserDetail, never, UserCreateBody>({
    resource: 'users',
    action: 'create',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('wb.users.created') }),
    errorNotification: errorNotice(),
    onMutationSuccess: ({ data }) => navigate(`/users/show/${data.id}`),
    onMutationError: (error) => showFieldError(form, error, USER_FIELD_ERRORS),
  });
  return (
    <>
      <PageHeader title={t('wb.users.create')} back="/users" />
      <UserForm formProps={{ ...formProps, onFinish: (values) => formProps.onFinish?.(toUserBody(values as UserCreateBody)) }} creating />
      <Space>
        <Button type="primary" {...saveButtonProps} data-testid="user-save">
          {t('wb.common.save')}
        </Button>
        <Button onClick={() => navigate('/users')}>{t('wb.common.cancel')}</Button>
      </Space>
    </>
  );
}
