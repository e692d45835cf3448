import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../shared/providers/feedback';
import { useOrgTree } from '../../shared/useOrgTree';

/**
 * A department filter whose department has been deleted (here or by another administrator)
 * finds nobody. Each time the list comes back empty (`emptyAnswerAt`: when) under such a filter, the tree is read again; if
 * the department is gone the filter is cleared (`clear`) and the administrator told why the
 * list changed, instead of a list that stays empty for a reason nobody sees.
 */
export function useStaleDeptFilter(deptId: number | undefined, emptyAnswerAt: number | null, clear: () => void) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const { refetch } = tree;
  const loaded = tree.data !== undefined && !tree.isFetching;
  const gone = loaded && deptId !== undefined && !tree.nodes.some((node) => node.id === deptId);
  const clearing = useRef(clear);
  useEffect(() => {
    clearing.current = clear;
  });

  useEffect(() => {
    if (deptId !== undefined && emptyAnswerAt !== null) void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refetch changes identity on every render; asked once per empty answer
  }, [deptId, emptyAnswerAt]);

  useEffect(() => {
    if (!gone) return;
    clearing.current();
    feedback.warning(t('wb.users.deptGone'));
  }, [gone, t]);
}
