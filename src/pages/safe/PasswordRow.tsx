import { Button, List, Space, Tag, Typography } from 'antd';

import type { SafetyScore } from '../../../contract/schemas/personal';
import { ItemMeta } from '../../shared/components/Headings';
import { useTranslation } from 'react-i18next';

const LEVEL_COLORS = { weak: 'error', middle: 'warning', strong: 'success' } as const;

/** Password strength and expiry, with the change-password action. */
export function PasswordRow({ safety, onChange }: { safety: SafetyScore; onChange: () => void }) {
  const { t } = useTranslation();
  const days = safety.passwordExpireDays;
  let expiry;
  if (safety.passwordExpired) expiry = <Typography.Text type="danger">{t('safe.password.expired')}</Typography.Text>;
  else if (days === null) expiry = <Typography.Text type="secondary">{t('safe.password.noExpiry')}</Typography.Text>;
  else expiry = <Typography.Text type={days <= 7 ? 'warning' : 'secondary'}>{t('safe.password.expiresIn', { days })}</Typography.Text>;

  return (
    <List.Item
      data-testid="password-row"
      actions={[
        <Button key="change" type="link" onClick={onChange} data-testid="password-change">
          {t('safe.password.change')}
        </Button>,
      ]}
    >
      <ItemMeta title={t('safe.password.rowTitle')} description={t('safe.password.description')} />
      <Space wrap>
        <Tag color={LEVEL_COLORS[safety.pwdLevel]} data-testid="password-level">
          {t(`safe.strength.${safety.pwdLevel}`)}
        </Tag>
        {expiry}
      </Space>
    </List.Item>
  );
}
