import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A page's title (h2; the header holds the h1), an optional way back and its buttons. */
export function PageHeader({ title, back, extra }: { title: ReactNode; back?: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        {back ? <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('wb.common.back')} onClick={() => navigate(back)} /> : null}
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {extra ? <Flex wrap gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}
