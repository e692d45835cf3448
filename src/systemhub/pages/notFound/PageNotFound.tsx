import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { landingFor } from '../../duty/landing';
import { useAccess } from '../../duty/useMay';

/** An address the workbench has no page for (a mistyped or outdated link): said plainly, with the way home. */
export default function PageNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const access = useAccess();
  return (
    <div data-testid="wb-not-found">
      <Result
        status="warning"
        title={t('wb.routes.notFound.title')}
        subTitle={t('wb.routes.notFound.detail', { path: pathname })}
        extra={<Button type="primary" onClick={() => navigate(landingFor(access))}>{t('wb.routes.notFound.home')}</Button>}
      />
    </div>
  );
}
