import { useMemo } from 'react';
import type { securityEndpoints } from '../../../contract/endpoints/security';
import type { Input } from '../../shared/providers/api';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { useTranslation } from 'react-i18next';

/** The two dictionary endpoints (the log path and the system path of the same lists). */
type Dictionary = typeof securityEndpoints.commonSelect | typeof securityEndpoints.systemCommonSelect;

export interface Options {
  options: { value: string; label: string }[];
  labelOf: (key: string | null | undefined) => string;
  loading: boolean;
}

/**
 * A dictionary from a common-select endpoint. The server answers in the request's language,
 * so the language is part of the query key and a switch fetches the labels again.
 */
export function useSelectOptions(endpoint: Dictionary, input: Input<Dictionary>): Options {
  const { i18n } = useTranslation();
  const { data: list, query } = useEndpointQuery(endpoint, input, { language: i18n.language });
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
