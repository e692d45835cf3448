import { codeMessage, isResultCode } from '../../../contract/codes';
import { currentLanguage } from './i18nProvider';

/**
 * A result code's message in the reader's language, from the code table the server answers
 * with (contract/codes.ts), so a code has one wording everywhere; the code itself when it is not
 * one. For codes that arrive without a message, e.g. the refused rows of a CSV check.
 */
export function codeText(code: string, params: Record<string, string | number> = {}): string {
  return isResultCode(code) ? codeMessage(code, currentLanguage(), params) : code;
}
