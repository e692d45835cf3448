import { Select, Space, Tag, type SelectProps } from 'antd';
import type { UserSearchResult } from '../../../contract/schemas/groups';
import { usePeopleSearch } from './usePeopleSearch';
import { useTranslation } from 'react-i18next';

export interface PersonOption {
  value: string;
  label: string;
}

export const personLabel = (p: Pick<UserSearchResult, 'userId' | 'userName'>): string => `${p.userName} (${p.userId})`;

type Props = Omit<SelectProps<PersonOption | PersonOption[]>, 'options' | 'onSearch' | 'showSearch' | 'filterOption' | 'labelInValue'> & {
  /** A group the user manages: its members are listed, tagged and not choosable. */
  groupCode?: string;
};

/**
 * A select whose options come from the people search as the user types. Values carry their
 * labels (labelInValue), so a chosen person still reads as a name after the next search.
 */
export function PersonSelect({ groupCode, ...props }: Props) {
  const { t } = useTranslation();
  const { text, setText, people, searching, failed } = usePeopleSearch(groupCode);
  let notFound: string | undefined;
  if (failed) notFound = t('members.search.failed');
  else if (!text.trim()) notFound = t('members.search.typeToSearch');
  else if (!searching) notFound = t('members.search.none');

  return (
    <Select<PersonOption | PersonOption[]>
      showSearch
      labelInValue
      filterOption={false}
      onSearch={setText}
      loading={searching}
      notFoundContent={notFound}
      placeholder={t('members.search.placeholder')}
      options={people.map((p) =>
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
      )}
      {...props}
    />
  );
}
