import { CODE, codes, codeMessage, type Lang, type ResultCode } from '../../../contract/codes.js';

/**
 * A refusal the client should see: a result code, optional message parameters and optional data
 * (srmi of E30058, casCode of E60002…). The text always comes from the code, never from here.
 */
export class AppError extends Error {
  constructor(
    readonly code: ResultCode,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(code);
  }

  get status(): number {
    return codes[this.code].status;
  }

  messageIn(lang: Lang): string {
    return codeMessage(this.code, lang, this.params);
  }
}

export const forbidden = () => new AppError(CODE.forbidden);
export const notFound = () => new AppError(CODE.notFound);
export const notSignedIn = () => new AppError(CODE.notSignedIn);
export const ticketExpired = () => new AppError(CODE.ticketExpired);
