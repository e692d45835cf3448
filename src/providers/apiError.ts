import type { HttpError } from '@refinedev/core';

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
