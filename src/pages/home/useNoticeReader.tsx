import { useCallback, useState } from 'react';
import type { HomeItem } from './ItemList';
import { NoticeDrawer } from './NoticeDrawer';

/**
 * Opening home items in the drawer, and which ones this page has seen opened: their unread dots
 * go at once, without waiting for the list to be fetched again.
 */
export function useNoticeReader() {
  const [opened, setOpened] = useState<HomeItem | null>(null);
  const [read, setRead] = useState<ReadonlySet<string>>(() => new Set());
  const onRead = useCallback((id: number) => {
    setRead((before) => (before.has(String(id)) ? before : new Set(before).add(String(id))));
  }, []);
  const drawer = (
    <NoticeDrawer id={opened ? Number(opened.id) : null} title={opened?.title ?? ''} onClose={() => setOpened(null)} onRead={onRead} />
  );
  return { open: setOpened, read, drawer };
}
