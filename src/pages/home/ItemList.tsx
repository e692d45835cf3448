import { List, Typography } from 'antd';
import type { HomeContent } from '../../../contract/schemas/account';

export type HomeItem = HomeContent['notices'][number];

/** Title and date rows, as the notice card and every news tab show them. */
export function ItemList({ items, emptyText, testId }: { items: HomeItem[]; emptyText: string; testId: string }) {
  return (
    <List
      size="small"
      dataSource={items}
      rowKey="id"
      locale={{ emptyText }}
      data-testid={testId}
      renderItem={(item) => (
        <List.Item extra={<Typography.Text type="secondary">{item.date}</Typography.Text>}>
          <Typography.Text ellipsis={{ tooltip: item.title }} style={{ maxWidth: '100%' }}>
            {item.title}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}
