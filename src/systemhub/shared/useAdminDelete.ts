import { useDelete } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../shared/providers/feedback';
import { errorNotice } from '../../shared/providers/notificationProvider';

/** Deletes one record of a list's resource: a refusal is toasted by the hook, success says "deleted" (the lists' delete links). */
export function useAdminDelete(resource: string) {
  const { t } = useTranslation();
  const { mutateAsync } = useDelete();
  return async (id: number) => {
    await mutateAsync({ resource, id, successNotification: false, errorNotification: errorNotice() });
    feedback.success(t('wb.org.deleted'));
  };
}
