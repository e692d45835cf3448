import type { ComponentProps } from 'react';
import { SearchBar, type SearchBarTexts } from '../../shared/components/SearchBar';

const TEXTS: SearchBarTexts = { query: 'wb.common.query', clear: 'wb.common.reset' };

/** The shared search bar with the workbench's texts: query and reset (`${testId}-reset`), buttons wrapping. */
export function SearchForm<V extends object>(props: Omit<ComponentProps<typeof SearchBar<V>>, 'texts' | 'clearId' | 'wrap'>) {
  return <SearchBar<V> {...props} texts={TEXTS} clearId="reset" wrap />;
}
