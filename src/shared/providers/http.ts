import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios';
// Import contract files one by one: the index re-exports the zod schemas, which the browser never needs.
import { OK, type Envelope } from '../../../contract/codeNames';
import { API_PREFIX } from '../../../contract/paths';
import { CLIENT_ID, REQUEST_TIMEOUT_MS } from '../../config';
import { ApiError, CONNECTION_FAILED, NETWORK_ERROR } from './apiError';
import { acceptLanguage, t } from './i18nProvider';
import { sessionStore } from './storage';

/** The http layer shows nothing: whoever calls decides (a hook's errorNotification, the sign-in page's feedback.refusal). */
export interface CallOptions {
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
  translate?: (key: string) => string;
}

function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && typeof (value as Envelope).code === 'string';
}

/**
 * The axios instance every /idaas call goes through, and a typed wrapper that unwraps the
 * envelope. It shows nothing: a refusal rejects with an ApiError, and the caller decides what
 * the person reads (a Refine hook's errorNotification, a field, the sign-in page's own toast).
 */
export function createHttp(deps: HttpDeps = {}): Http & { axios: AxiosInstance } {
  const instanceId = deps.instanceId ?? (() => sessionStore.instanceId());
  const language = deps.language ?? acceptLanguage;
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

  /** Turns whatever axios produced into an ApiError. */
  function fail(error: unknown): ApiError {
    if (error instanceof ApiError) return error;
    const axiosError = error as AxiosError;
    const body = axiosError.response?.data;
    if (isEnvelope(body)) {
      return refused(body, axiosError.response?.status ?? 0);
    }
    if (axios.isCancel(error)) return new ApiError('CANCELLED', 'cancelled');
    if (axiosError.response) {
      // An answer without an envelope (proxy error page, 502…): same text as no answer.
      return new ApiError(NETWORK_ERROR, translate('errors.network'), null, axiosError.response.status);
    }
    const noConnection = axiosError.code === 'ERR_NETWORK';
    return new ApiError(noConnection ? CONNECTION_FAILED : NETWORK_ERROR, translate(noConnection ? 'errors.connectionFailed' : 'errors.network'));
  }

  function refused(body: Envelope, status: number): ApiError {
    return new ApiError(body.code, body.message || translate('errors.network'), body.data ?? null, status);
  }

  async function request<T>(method: Method, url: string, body?: unknown, options?: CallOptions): Promise<T> {
    const config: AxiosRequestConfig = { method, url, signal: options?.signal, headers: options?.headers };
    if (method.toUpperCase() === 'GET') config.params = body;
    else config.data = body ?? {};
    let envelope: unknown;
    try {
      envelope = (await instance.request(config)).data;
    } catch (error) {
      throw fail(error);
    }
    if (!isEnvelope(envelope)) {
      // index.html instead of JSON means the call never reached the API (dev proxy down, wrong path).
      throw new ApiError(NETWORK_ERROR, translate('errors.network'), null, 200);
    }
    if (envelope.code !== OK) throw refused(envelope, 200);
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
