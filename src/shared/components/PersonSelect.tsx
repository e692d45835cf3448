import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

/** What a people search gives the select: the people found for the text typed, and what to say meanwhile. */
export interface PersonSearch {
  options: NonNullable<SelectProps['options']>;
  onSearch: (text: string) => void;
  loading: boolean;
  notFound?: ReactNode;
  placeholder: string;
}

type Props<V> = Omit<SelectProps<V>, 'options' | 'onSearch' | 'showSearch' | 'filterOption' | 'loading' | 'notFoundContent' | 'onChange'> & {
  /**
   * The app's people search, a hook called here (a module-level function, so always the same
   * one): the portal's colleagues by name or account, the workbench's users list. `scope` is
   * handed to it (a group whose members are marked).
   */
  useSearch: (scope?: string) => PersonSearch;
  scope?: string;
  onChange?: (value: V | null) => void;
  /** Set by a required Form.Item; antd would put it on the select's outer box, where ARIA does not allow it. */
  'aria-required'?: unknown;
};

/**
 * A select of people, in the portal and the workbench alike, whose options come from a search
 * as the person types. A cleared choice is null (the form sends "nobody", not a missing field);
 * without a form label pointing at it (no `id`) it is read out by its aria-label or placeholder.
 */
export function PersonSelect<V>({ useSearch, scope, 'aria-required': _required, value, onChange, ...props }: Props<V>) {
  const search = useSearch(scope);
  return (
    <Select<V>
      showSearch
      filterOption={false}
      onSearch={search.onSearch}
      loading={search.loading}
      notFoundContent={search.notFound}
      placeholder={search.placeholder}
      options={search.options}
      {...props}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      aria-label={props.id ? undefined : (props['aria-label'] ?? (typeof props.placeholder === 'string' ? props.placeholder : search.placeholder))}
    />
  );
}
