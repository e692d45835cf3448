import { LogoutOutlined, MenuOutlined, RollbackOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity } from '@refinedev/core';
import { Avatar, Button, Flex, Grid, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/schemas/personal';
import { LanguageSwitch } from '../../shared/components/LanguageSwitch';
import { PORTAL_HOME } from '../config';
import { useDutyName } from './useDutyName';
import { useWorkbenchSignOut } from './useWorkbenchSignOut';

/** Top bar: menu toggle (narrow screens), title, language, the administrator and their duty, back to the portal, sign out. */
export function Header({ onToggleMenu }: { onToggleMenu?: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { signOut, pending } = useWorkbenchSignOut();
  const narrow = !Grid.useBreakpoint().md;
  const duty = useDutyName();

  return (
    <Flex align="center" justify="space-between" gap={8} style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {onToggleMenu ? <Button type="text" icon={<MenuOutlined />} aria-label={t('wb.layout.toggleMenu')} onClick={onToggleMenu} data-testid="wb-menu-toggle" /> : null}
        <Typography.Title level={1} ellipsis style={{ fontSize: 16, margin: 0 }}>
          {t('wb.layout.title')}
        </Typography.Title>
      </Flex>
      <Flex align="center" gap={narrow ? 4 : 12}>
        <LanguageSwitch />
        <Flex align="center" gap={8}>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={t('wb.layout.avatar')} />
          {narrow ? null : (
            <Typography.Text data-testid="wb-admin-name" ellipsis style={{ maxWidth: 160 }}>
              {user ? user.userName || user.userId : ''}
            </Typography.Text>
          )}
          {duty ? (
            <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="wb-admin-duty" title={t('wb.layout.duty')}>
              {duty}
            </Tag>
          ) : null}
        </Flex>
        {/* The personal centre is another application: a full page load. */}
        <Button icon={<RollbackOutlined />} href={PORTAL_HOME} data-testid="wb-back-to-portal" aria-label={t('wb.layout.backToPortal')}>
          {narrow ? null : t('wb.layout.backToPortal')}
        </Button>
        <Button icon={<LogoutOutlined />} loading={pending} onClick={() => void signOut()} data-testid="wb-logout" aria-label={t('wb.layout.logout')}>
          {narrow ? null : t('wb.layout.logout')}
        </Button>
      </Flex>
    </Flex>
  );
}
