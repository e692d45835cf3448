import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export interface NavEntry {
  /** The route the entry opens (also its key). */
  path: string;
  icon?: ReactNode;
  /** Translation key of its text. */
  labelKey: string;
  testId?: string;
}

interface Props {
  entries: readonly NavEntry[];
  /** The entry of the current page, if any. */
  selected: string | undefined;
  /** Translation key of the navigation's name (read out by screen readers). */
  labelKey: string;
  testId: string;
  /** Called after a move (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The vertical navigation of the portal and the workbench alike: each app says which entries it shows and which is the current one. */
export function SideMenu({ entries, selected, labelKey, testId, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav aria-label={t(labelKey)}>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        style={{ borderInlineEnd: 'none' }}
        data-testid={testId}
        items={entries.map((entry) => ({ key: entry.path, icon: entry.icon, label: t(entry.labelKey), ...(entry.testId ? { 'data-testid': entry.testId } : {}) }))}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
