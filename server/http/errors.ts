import { codes, codeMessage, type Lang, type ResultCode } from '../../contract/codes.js';

/**
 * A refusal the client should see: a result code, optional message parameters (or a field
 * name for E00001) and optional data (srmi of E30058, casCode of E60002…).
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    /** Overrides the code's message, e.g. to name the invalid field. */
    readonly detail?: { zh: string; en: string },
  ) {
    super(code);
  }

  get status(): number {
    return codes[this.code].status;
  }

  messageIn(lang: Lang): string {
    if (this.detail) return this.detail[lang];
    return codeMessage(this.code, lang, this.params);
  }
}

/** 400 E00001 naming the field that is wrong. */
export function invalid(field: string, zh: string, en: string): AppError {
  return new AppError('E00001', {}, null, { zh: `${field}: ${zh}`, en: `${field}: ${en}` });
}

export const forbidden = () => new AppError('E00403');
export const notFound = () => new AppError('E00404');
export const notSignedIn = () => new AppError('E00009');
export const ticketExpired = () => new AppError('E00013');
