import type { HttpError } from '@refinedev/core';
import { CODE, CODE_GROUPS, codeIn, type ResultCode } from '../../../contract/codeNames';

/** Codes that are not from the server: the request never got an envelope back. */
export const NETWORK_ERROR = 'NETWORK';
export const CONNECTION_FAILED = 'CONNECTION';

/**
 * A refused or failed call. Carries the envelope's code, message and data, plus the HTTP
 * status (also as statusCode, the field Refine's HttpError expects).
 */
export class ApiError extends Error implements HttpError {
  readonly code: string;
  readonly data: unknown;
  readonly status: number;
  readonly statusCode: number;

  constructor(code: string, message: string, data: unknown = null, status = 0) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.status = status;
    this.statusCode = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The result code of any thrown value, or ''. Not only ApiError: Refine hands onError
 * whatever a hook rejected with, which may be a copy of the error object.
 */
export function errorCode(error: unknown): string {
  if (!error || typeof error !== 'object') return '';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** A field of the error's data, e.g. srmi of E30058. */
export function errorDataField(error: unknown, key: string): string | null {
  if (!isApiError(error) || !error.data || typeof error.data !== 'object') return null;
  const value = (error.data as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : null;
}

/** Network trouble (no answer, or not an envelope): its toast stays up longer. */
export function isNetworkFailure(error: unknown): boolean {
  const code = errorCode(error);
  return code === NETWORK_ERROR || code === CONNECTION_FAILED;
}

/**
 * Codes no generic toast shows, because someone always explains them: the sign-in page (its
 * warning, the captcha, the change-password dialogs, sign-in spec §8), the auth provider's
 * session-expiry dialog (E00009) and the public flows' "stayed too long" (E00013).
 */
export const SILENT_CODES: ReadonlySet<string> = new Set<ResultCode>([
  CODE.captchaRequired, ...CODE_GROUPS.passwordChangeRequired, ...CODE_GROUPS.signInWarnings, CODE.codeWrong, CODE.notSignedIn, CODE.ticketExpired,
]);

/**
 * What a generic error toast says about a failed call, or null when it should say nothing: a
 * cancelled call, a silent code, or one of `quiet` (the codes the caller shows in place).
 */
export function refusalText(error: unknown, quiet: readonly ResultCode[] = []): string | null {
  const code = errorCode(error);
  if (code === 'CANCELLED' || SILENT_CODES.has(code) || codeIn(quiet, code)) return null;
  return error instanceof Error && error.message ? error.message : null;
}
