import { useState } from 'react';
import { groupEndpoints } from '../../../contract/endpoints/groups';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useDebounced } from './useDebounced';

/** Enough rows to pick from; the server matches by prefix, so typing more narrows it. */
const SEARCH_SIZE = 20;
const STARTS_WITH_HAN = /^[\u4e00-\u9fff]/;

/** The search body: a text starting with Chinese characters is a name, anything else an account (or name) prefix. */
export function searchBody(text: string, groupCode?: string): { userName?: string; keyWord?: string; groupCode?: string; pageNum: number; pageSize: number } {
  const value = text.trim();
  const field = STARTS_WITH_HAN.test(value) ? 'userName' : 'keyWord';
  return { [field]: value, ...(groupCode ? { groupCode } : {}), pageNum: 1, pageSize: SEARCH_SIZE };
}

/**
 * People search by name or account as the user types (debounced; nothing is asked for a blank
 * text). Given a group the user manages, each person found says whether they are in it already.
 */
export function usePeopleSearch(groupCode?: string) {
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim());
  const { data: page, query } = useEndpointQuery(groupEndpoints.userSearch, searchBody(settled, groupCode), { enabled: settled !== '' });
  return {
    text,
    setText,
    people: settled ? (page?.datas ?? []) : [],
    searching: settled !== '' && query.isFetching,
    failed: query.isError,
  };
}
