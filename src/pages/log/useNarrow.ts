/** Lists stack their actions and filter bars their fields on phones: the portal's one breakpoint. */
export { useMobile as useNarrow } from '../../shared/components/useMobile';
