import { useTranslation } from 'react-i18next';
import { useAccess } from '../duty/useMay';

/** The signed-in administrator's duty in words ("系统管理员", "Security administrator"; an application owner's when they hold none). */
export function useDutyName(): string {
  const { t } = useTranslation();
  const access = useAccess();
  if (access?.duty) return t(`wb.duties.${access.duty}`);
  return access?.appOwner ? t('wb.duties.appOwner') : '';
}
