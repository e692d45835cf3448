import { useCustom } from '@refinedev/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../../contract/schemas/account';

export interface Options {
  options: { value: string; label: string }[];
  labelOf: (key: string | null | undefined) => string;
  loading: boolean;
}

/**
 * A dictionary from a common-select endpoint. The server answers in the request's language,
 * so the language is part of the query key and a switch fetches the labels again.
 */
export function useSelectOptions(url: string, payload: Record<string, number>): Options {
  const { i18n } = useTranslation();
  const { query } = useCustom<SelectOption[]>({
    url,
    method: 'post',
    config: { payload },
    meta: { lang: i18n.language },
  });
  // Not result.data: Refine fills it with {} while loading.
  const list = query.data?.data as SelectOption[] | undefined;
  return useMemo(() => {
    const labels = new Map((list ?? []).map((o) => [o.selectKey, o.selectValue]));
    return {
      options: (list ?? []).map((o) => ({ value: o.selectKey, label: o.selectValue })),
      // A code the dictionary does not know still shows, as itself.
      labelOf: (key) => (key ? (labels.get(key) ?? key) : '-'),
      loading: query.isLoading,
    };
  }, [list, query.isLoading]);
}
