import { DesktopOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useCan, useGetIdentity, useTranslation } from '@refinedev/core';
import { Avatar, Button, Flex, Typography } from 'antd';
import { ADMIN_HUB_PATH } from '../../contract/rules';
import type { CurrentUser } from '../../contract/schemas/personal';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { WORKBENCH } from '../providers/accessControlProvider';
import { useSignOut } from './useSignOut';

interface Props {
  /** Shown on narrow screens, where the sidebar is hidden. */
  onToggleMenu?: () => void;
}

/** Top bar: menu toggle (narrow screens), title, admin workbench, language, user and logout. */
export function Navbar({ onToggleMenu }: Props) {
  const { translate: t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { signOut, pending } = useSignOut();
  // Keyed by user so a cached answer never carries over to the next person on this browser.
  const { data: workbench } = useCan({ resource: WORKBENCH, action: 'open', params: { userId: user?.userId }, queryOptions: { enabled: !!user } });

  return (
    <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {onToggleMenu ? <Button type="text" icon={<MenuOutlined />} aria-label={t('layout.toggleMenu')} onClick={onToggleMenu} /> : null}
        <Typography.Text strong ellipsis style={{ fontSize: 16 }}>
          {t('layout.title')}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={12}>
        {workbench?.can ? (
          // The workbench is another application: a full page load, not a route of this one.
          <Button icon={<DesktopOutlined />} href={ADMIN_HUB_PATH} data-testid="workbench">
            {t('layout.workbench')}
          </Button>
        ) : null}
        <LanguageSwitch />
        <Flex align="center" gap={8}>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={t('layout.avatar')} />
          <Typography.Text data-testid="current-user-id" ellipsis style={{ maxWidth: 160 }}>
            {user?.userId ?? ''}
          </Typography.Text>
        </Flex>
        <Button icon={<LogoutOutlined />} loading={pending} onClick={() => void signOut()} data-testid="logout">
          {t('layout.logout')}
        </Button>
      </Flex>
    </Flex>
  );
}
