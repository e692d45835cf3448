import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A record that could not be read (gone, or never there): say so and offer the way back to its list. */
export function NotFound({ back }: { back: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return <Result status="warning" title={t('wb.common.notFound')} extra={<Button onClick={() => navigate(back)}>{t('wb.common.back')}</Button>} />;
}
