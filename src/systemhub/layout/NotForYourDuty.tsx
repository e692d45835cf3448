import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { landingFor } from '../duty/landing';
import { useAccess } from '../duty/useMay';
import { useDutyName } from './useDutyName';

/** A page (or a deep link to one) that the administrator's duty does not include: said plainly, with the way to their own start page. */
export function NotForYourDuty() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  const duty = useDutyName();
  return (
    <div data-testid="wb-not-for-duty">
      <Result
        status="403"
        title={t('wb.layout.forbidden')}
        subTitle={t('wb.layout.forbiddenDetail', { duty })}
        extra={<Button type="primary" onClick={() => navigate(landingFor(access))}>{t('wb.routes.notFound.home')}</Button>}
      />
    </div>
  );
}
