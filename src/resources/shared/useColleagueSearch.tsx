import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserSearchResult } from '../../../contract/schemas/groups';
import type { PersonSearch } from '../../shared/components/PersonSelect';
import { usePeopleSearch } from './usePeopleSearch';

/** A chosen person as the portal's forms hold them (labelInValue): a name still reads as one after the next search. */
export interface PersonOption {
  value: string;
  label: string;
}

export const personLabel = (p: Pick<UserSearchResult, 'userId' | 'userName'>): string => `${p.userName} (${p.userId})`;

/**
 * The portal's people search for PersonSelect: colleagues by name or account as the person
 * types. Given a group the user manages (`groupCode`), its members are listed, tagged and not choosable.
 */
export function useColleagueSearch(groupCode?: string): PersonSearch {
  const { t } = useTranslation();
  const { text, setText, people, searching, failed } = usePeopleSearch(groupCode);
  let notFound: string | undefined;
  if (failed) notFound = t('members.search.failed');
  else if (!text.trim()) notFound = t('members.search.typeToSearch');
  else if (!searching) notFound = t('members.search.none');
  return {
    onSearch: setText,
    loading: searching,
    notFound,
    placeholder: t('members.search.placeholder'),
    options: people.map((p) =>
      p.member
        ? {
            value: p.userId,
            disabled: true,
            label: (
              <Space size={8} data-testid={`already-member-${p.userId}`}>
                <span>{personLabel(p)}</span>
                <Tag bordered={false}>{t('members.search.alreadyMember')}</Tag>
              </Space>
            ),
          }
        : { value: p.userId, label: personLabel(p) },
    ),
  };
}
