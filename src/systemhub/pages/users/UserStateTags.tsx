import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUserItem } from '../../../../contract/schemas/admin/users';

/** Enabled or not, locked, password expired: what stops a person signing in. */
export function UserStateTags({ user }: { user: Pick<AdminUserItem, 'enabled' | 'lockedUntil' | 'passwordExpired'> }) {
  const { t } = useTranslation();
  // The server answers null once a lock has run out.
  const locked = user.lockedUntil !== null;
  return (
    <Space size={4} wrap>
      {user.enabled ? <Tag color="green">{t('wb.common.enabled')}</Tag> : <Tag color="default">{t('wb.common.disabled')}</Tag>}
      {locked ? <Tag color="red">{t('wb.users.locked')}</Tag> : null}
      {user.passwordExpired ? <Tag color="orange">{t('wb.users.passwordExpired')}</Tag> : null}
    </Space>
  );
}
