import { DesktopOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { useCan, useGetIdentity } from '@refinedev/core';
import { Avatar, Button, Flex } from 'antd';
import { Text } from '../shared/components/Text';
import { ADMIN_HUB_PATH } from '../../contract/rules';
import type { CurrentUser } from '../../contract/schemas/personal';
import { LanguageSwitch } from '../shared/components/LanguageSwitch';
import { WORKBENCH } from '../providers/accessControlProvider';
import { useSignOut } from './useSignOut';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Shown on narrow screens, where the sidebar is hidden. */
  onToggleMenu?: () => void;
}

/**
 * Top bar: menu toggle (narrow screens), title, admin workbench, language, user and logout. On
 * narrow screens the buttons keep only their icons (named for screen readers) and the account
 * its avatar, so the title keeps the room it needs; a title that still does not fit ends in an
 * ellipsis (CSS, `text-clip`) and shows whole on hover. Not antd's measured ellipsis: it forces a
 * layout of the whole page per text on the first render (about half a second of a phone's CPU).
 */
export function Navbar({ onToggleMenu }: Props) {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { signOut, pending } = useSignOut();
  // Keyed by user so a cached answer never carries over to the next person on this browser.
  const { data: workbench } = useCan({ resource: WORKBENCH, action: 'open', params: { userId: user?.userId }, queryOptions: { enabled: !!user } });
  const narrow = onToggleMenu !== undefined;
  const title = t('layout.title');

  return (
    <Flex align="center" justify="space-between" gap={12} style={{ height: '100%' }}>
      <Flex align="center" gap={8} style={{ minWidth: 0, flex: 1 }}>
        {onToggleMenu ? <Button type="text" icon={<MenuOutlined />} aria-label={t('layout.toggleMenu')} onClick={onToggleMenu} /> : null}
        <Text strong title={title} className="text-clip" style={{ fontSize: 16, minWidth: 0 }} data-testid="layout-title">
          {title}
        </Text>
      </Flex>
      <Flex align="center" gap={narrow ? 8 : 12} style={{ flexShrink: 0 }}>
        {workbench?.can ? (
          // The workbench is another application: a full page load, not a route of this one.
          <Button icon={<DesktopOutlined />} href={ADMIN_HUB_PATH} aria-label={narrow ? t('layout.workbench') : undefined} title={narrow ? t('layout.workbench') : undefined} data-testid="workbench">
            {narrow ? null : t('layout.workbench')}
          </Button>
        ) : null}
        <LanguageSwitch />
        <Flex align="center" gap={8} title={narrow ? user?.userId : undefined}>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt={t('layout.avatar')} />
          {narrow ? null : (
            <Text data-testid="current-user-id" className="text-clip" title={user?.userId} style={{ maxWidth: 160 }}>
              {user?.userId ?? ''}
            </Text>
          )}
        </Flex>
        <Button
          icon={<LogoutOutlined />}
          loading={pending}
          onClick={() => void signOut()}
          aria-label={narrow ? t('layout.logout') : undefined}
          title={narrow ? t('layout.logout') : undefined}
          data-testid="logout"
        >
          {narrow ? null : t('layout.logout')}
        </Button>
      </Flex>
    </Flex>
  );
}
