import { CODE, CODE_GROUPS } from '../../../contract/codeNames';
import type { FieldRefusals } from '../../shared/hooks/fieldRefusals';

/**
 * What a send explains on the form, said once (no toast): under the number typed what is wrong
 * with it (or that the account has one already), at the code that a code cannot go out yet
 * (the resend timer, the SMS budgets).
 */
export const NUMBER_SEND_FIELDS: FieldRefusals = [
  [[...CODE_GROUPS.numberRefusals, CODE.phoneAlreadyBound], 'mobileNo'],
  [[CODE.sentTooOften, ...CODE_GROUPS.smsBudget], 'code'],
];

/** A code refused, in the security dialogs' own words. */
export const codeWrongField = (text: string): FieldRefusals => [[CODE_GROUPS.codeRefusals, 'code', text]];
