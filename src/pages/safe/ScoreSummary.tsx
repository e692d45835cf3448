import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { Alert, Col, List, Progress, Row, Typography } from 'antd';

import { SECURITY_SCORE_GOOD } from '../../../contract/rules';
import type { SafetyScore } from '../../../contract/schemas/personal';
import { useTranslation } from 'react-i18next';

/** The score with its tip (good at 80 or more), and the checklist of what earns the points. */
export function ScoreSummary({ safety }: { safety: SafetyScore }) {
  const { t } = useTranslation();
  const good = safety.score >= SECURITY_SCORE_GOOD;
  return (
    <Row gutter={[24, 16]} align="middle" style={{ marginBottom: 24 }}>
      <Col xs={24} md={8} style={{ textAlign: 'center' }}>
        <Progress type="circle" percent={safety.score} aria-label={t('safe.score.ring', { score: safety.score })} format={(n) => <span data-testid="safety-score">{n}</span>} status="normal" strokeColor={good ? '#52c41a' : '#faad14'} />
      </Col>
      <Col xs={24} md={16}>
        <Alert
          type={good ? 'success' : 'warning'}
          showIcon
          message={t(good ? 'safe.score.good' : 'safe.score.warning', { score: safety.score })}
          style={{ marginBottom: 12 }}
          data-testid="score-tip"
        />
        <List
          size="small"
          dataSource={safety.items}
          rowKey="key"
          data-testid="score-items"
          renderItem={(item) => (
            <List.Item data-testid={`score-item-${item.key}`} data-earned={item.earned}>
              <span>
                {item.earned ? <CheckCircleFilled style={{ color: '#52c41a' }} /> : <ExclamationCircleOutlined style={{ color: '#faad14' }} />}{' '}
                {t(`safe.items.${item.key}`)}
              </span>
              <Typography.Text type={item.earned ? 'success' : 'secondary'}>
                {item.earned ? t('safe.score.earned', { n: item.points }) : t('safe.score.notEarned')}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Col>
    </Row>
  );
}
