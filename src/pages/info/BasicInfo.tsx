import { Descriptions, Skeleton, Tag, type DescriptionsProps } from 'antd';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { maskMobile } from '../../../contract/rules';
import { LoadFailed } from '../../shared/components/LoadFailed';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useTranslation } from 'react-i18next';

const dash = (value: string | null | undefined) => value || '-';

/** The account's own details: personal and job information, or for a shared mailbox who manages it. */
export function BasicInfo() {
  const { t } = useTranslation();
  const { data: user, query } = useEndpointQuery(accountEndpoints.personalCurrentUserDetail, {});

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError || !user) {
    return (
      <LoadFailed title={t('info.loadFailed')} error={query.error} onRetry={query.refetch} />
    );
  }

  const work = user.workInfo;
  const items: DescriptionsProps['items'] =
    user.userType === 'PUBLIC_MAIL'
      ? [
          { key: 'account', label: t('info.fields.userId'), children: user.userId },
          { key: 'name', label: t('info.fields.userName'), children: user.userName },
          { key: 'manager', label: t('info.fields.mailboxManager'), children: user.managerUserName ? `${user.managerUserName} (${dash(user.managerUserId)})` : '-' },
          { key: 'company', label: t('info.fields.companyName'), children: dash(work.companyName) },
          { key: 'dept', label: t('info.fields.deptName'), children: dash(work.deptName) },
        ]
      : [
          { key: 'name', label: t('info.fields.userName'), children: user.userName },
          { key: 'account', label: t('info.fields.userId'), children: user.userId },
          { key: 'type', label: t('info.fields.userType'), children: t(`info.userTypes.${user.userType}`) },
          { key: 'phone', label: t('info.fields.mobileNo'), children: dash(maskMobile(user.mobileNo)) },
          { key: 'email', label: t('info.fields.email'), children: dash(user.email) },
          { key: 'company', label: t('info.fields.companyName'), children: dash(work.companyName) },
          { key: 'dept', label: t('info.fields.deptName'), children: dash(work.deptName) },
          { key: 'position', label: t('info.fields.positionName'), children: dash(work.positionName) },
          { key: 'manager', label: t('info.fields.supervisor'), children: dash(work.managerUserName) },
          {
            key: 'senior',
            label: t('info.fields.seniorLeader'),
            children: <Tag color={work.seniorLeader ? 'gold' : 'default'}>{t(work.seniorLeader ? 'info.yes' : 'info.no')}</Tag>,
          },
          { key: 'remarks', label: t('info.fields.description'), children: dash(user.description), span: 'filled' },
        ];

  return <Descriptions bordered column={{ xs: 1, sm: 1, md: 2 }} items={items} data-testid="basic-info" />;
}
