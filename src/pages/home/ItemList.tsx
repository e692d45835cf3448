import { Empty } from 'antd';
import { Text } from '../../shared/components/Text';
import { useTranslation } from 'react-i18next';
import type { HomeContent } from '../../../contract/schemas/account';
import './home.css';

export type HomeItem = HomeContent['notices'][number];

interface Props {
  items: HomeItem[];
  emptyText: string;
  testId: string;
  /** A title opens its item. */
  onOpen: (item: HomeItem) => void;
  /** Items opened in this page already, before the list is fetched again. */
  read: ReadonlySet<string>;
}

/**
 * Title and date rows, as the notice card and every news tab show them; unread titles carry a dot.
 * A plain list in antd List's small look: antd's List brings its pagination, and with it the
 * select, spinner and pagination code (about 40 KB) into the home page, which never pages these.
 */
export function ItemList({ items, emptyText, testId, onOpen, read }: Props) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <div data-testid={testId}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  }
  return (
    <ul className="home-list" data-testid={testId}>
      {items.map((item) => {
        const unread = item.unread && !read.has(item.id);
        return (
          <li key={item.id} className="home-list__item">
            <button type="button" className="home-item" title={item.title} onClick={() => onOpen(item)} data-testid="home-item" data-unread={unread || undefined}>
              {unread ? <span className="home-item__unread" role="img" aria-label={t('home.notices.unread')} data-testid="unread-mark" /> : <span className="home-item__read" aria-hidden />}
              {/* A CSS ellipsis (the button's title shows it whole): antd's measured one forces a layout per row. */}
              <Text className="home-item__title text-clip" strong={unread}>
                {item.title}
              </Text>
            </button>
            <Text type="secondary" className="home-list__date">{item.date}</Text>
          </li>
        );
      })}
    </ul>
  );
}
