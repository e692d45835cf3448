import { Col, Row } from 'antd';
import { CommonApps } from './CommonApps';
import { NewsCard } from './NewsCard';
import { NoticeCard } from './NoticeCard';

/**
 * The top of /myApp: common apps, notices and news, above the full application grid. On phones
 * it comes after the grid and without the common apps, which would only repeat its first tiles.
 */
export function HomeSection({ commonApps = true }: { commonApps?: boolean }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }} data-testid="home-section">
      {commonApps ? (
        <Col span={24}>
          <CommonApps />
        </Col>
      ) : null}
      <Col xs={24} lg={10}>
        <NoticeCard />
      </Col>
      <Col xs={24} lg={14}>
        <NewsCard />
      </Col>
    </Row>
  );
}
