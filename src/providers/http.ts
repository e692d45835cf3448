import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
// Import contract files one by one: the index re-exports the zod schemas, which the browser never needs.
import { CODE, CODE_GROUPS, codeIn, OK, type Envelope, type ResultCode } from '../../contract/codes';
import { API_PREFIX } from '../../contract/paths';
import { CLIENT_ID, NETWORK_TOAST_SECONDS, REQUEST_TIMEOUT_MS } from '../config';
import { ApiError, CONNECTION_FAILED, NETWORK_ERROR } from './apiError';
import { feedback } from './feedback';
import { acceptLanguage, t } from './i18nProvider';
import { sessionStore } from './storage';

/**
 * Codes whose callers show their own text (warning under the form, captcha, dialogs), so the
 * generic error toast would only repeat it (sign-in spec §8). E00009 and E00013 belong to the
 * auth provider's onError, which asks before leaving the page.
 */
export const SILENT_CODES: ReadonlySet<string> = new Set<ResultCode>([
  CODE.captchaRequired, ...CODE_GROUPS.passwordChangeRequired, ...CODE_GROUPS.signInWarnings, CODE.codeWrong, CODE.notSignedIn, CODE.ticketExpired,
]);

export interface CallOptions {
  /** true: no toast for any refusal; a list: no toast for these codes (on top of SILENT_CODES). */
  silent?: boolean | readonly ResultCode[];
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface Http {
  get<T>(url: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  request<T>(method: Method, url: string, body?: unknown, options?: CallOptions): Promise<T>;
}

export interface HttpDeps {
  adapter?: AxiosAdapter;
  instanceId?: () => string;
  language?: () => string;
  notifyError?: (text: string, seconds?: number) => void;
  translate?: (key: string) => string;
}

function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && typeof (value as Envelope).code === 'string';
}

function isSilent(code: string, options: CallOptions | undefined): boolean {
  if (SILENT_CODES.has(code) || options?.silent === true) return true;
  return Array.isArray(options?.silent) && codeIn(options.silent, code);
}

/** The axios instance every /idaas call goes through, and a typed wrapper that unwraps the envelope. */
export function createHttp(deps: HttpDeps = {}): Http & { axios: AxiosInstance } {
  const instanceId = deps.instanceId ?? (() => sessionStore.instanceId());
  const language = deps.language ?? acceptLanguage;
  const notifyError = deps.notifyError ?? ((text, seconds) => feedback.error(text, seconds));
  const translate = deps.translate ?? ((key: string) => t(key));

  const instance = axios.create({
    baseURL: API_PREFIX,
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    adapter: deps.adapter,
  });
  instance.interceptors.request.use((config) => {
    config.headers.set('X-Client-Id', CLIENT_ID);
    config.headers.set('X-Instance-Id', instanceId());
    config.headers.set('Accept-Language', language());
    return config;
  });

  /** Turns whatever axios produced into an ApiError and shows the toast the spec asks for. */
  function fail(error: unknown, options: CallOptions | undefined): ApiError {
    if (error instanceof ApiError) return error;
    const axiosError = error as AxiosError;
    const body = axiosError.response?.data;
    if (isEnvelope(body)) {
      return refused(body, axiosError.response?.status ?? 0, options);
    }
    if (axios.isCancel(error)) return new ApiError('CANCELLED', 'cancelled');
    if (axiosError.response) {
      // An answer without an envelope (proxy error page, 502…): same text as no answer.
      const text = translate('errors.network');
      if (options?.silent !== true) notifyError(text, NETWORK_TOAST_SECONDS);
      return new ApiError(NETWORK_ERROR, text, null, axiosError.response.status);
    }
    const noConnection = axiosError.code === 'ERR_NETWORK';
    const text = translate(noConnection ? 'errors.connectionFailed' : 'errors.network');
    if (options?.silent !== true) notifyError(text, NETWORK_TOAST_SECONDS);
    return new ApiError(noConnection ? CONNECTION_FAILED : NETWORK_ERROR, text);
  }

  function refused(body: Envelope, status: number, options: CallOptions | undefined): ApiError {
    const text = body.message || translate('errors.network');
    if (!isSilent(body.code, options)) notifyError(text);
    return new ApiError(body.code, text, body.data ?? null, status);
  }

  async function request<T>(method: Method, url: string, body?: unknown, options?: CallOptions): Promise<T> {
    const config: AxiosRequestConfig = { method, url, signal: options?.signal, headers: options?.headers };
    if (method.toUpperCase() === 'GET') config.params = body;
    else config.data = body ?? {};
    let envelope: unknown;
    try {
      envelope = (await instance.request(config)).data;
    } catch (error) {
      throw fail(error, options);
    }
    if (!isEnvelope(envelope)) {
      // index.html instead of JSON means the call never reached the API (dev proxy down, wrong path).
      const text = translate('errors.network');
      if (options?.silent !== true) notifyError(text, NETWORK_TOAST_SECONDS);
      throw new ApiError(NETWORK_ERROR, text, null, 200);
    }
    if (envelope.code !== OK) throw refused(envelope, 200, options);
    return envelope.data as T;
  }

  return {
    axios: instance,
    request,
    get: (url, params, options) => request('GET', url, params, options),
    post: (url, body, options) => request('POST', url, body, options),
  };
}

export const http = createHttp();
