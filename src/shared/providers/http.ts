// Import contract files one by one: the index re-exports the zod schemas, which the browser never needs.
import { OK, type Envelope } from '../../../contract/codeNames';
import { API_PREFIX } from '../../../contract/paths';
import { CLIENT_ID, REQUEST_TIMEOUT_MS } from '../../config';
import { ApiError, CONNECTION_FAILED, NETWORK_ERROR } from './apiError';
import { acceptLanguage, t } from './i18nProvider';
import { sessionStore } from './storage';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The http layer shows nothing: whoever calls decides (a hook's errorNotification, the sign-in page's feedback.refusal). */
export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** One request as it leaves: the full path with its query, the headers, the JSON body of a POST. */
export interface OutgoingRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** What carries a request: the browser's fetch, or (the signed-in application) early answers first. */
export type Transport = (request: OutgoingRequest) => Promise<Response>;

export interface Http {
  get<T>(url: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  request<T>(method: Method, url: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Puts another transport in front (it may hand the request on to the one it is given). */
  useTransport(wrap: (current: Transport) => Transport): void;
}

export interface HttpDeps {
  transport?: Transport;
  instanceId?: () => string;
  language?: () => string;
  translate?: (key: string) => string;
}

function isEnvelope(value: unknown): value is Envelope {
  return !!value && typeof value === 'object' && typeof (value as Envelope).code === 'string';
}

/** The session cookie rides along; the API is on the page's own origin. */
export const fetchTransport: Transport = ({ method, url, headers, body, signal }) => fetch(url, { method, headers, body, signal, credentials: 'include' });

/** A GET's input as its query string: absent values left out, lists as repeated names. */
function queryOf(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) query.append(name, String(item));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The caller's abort and the timeout, as one signal; which of the two fired tells a cancel from a timeout. */
function deadline(caller?: AbortSignal): { signal: AbortSignal; timedOut: () => boolean; done: () => void } {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (caller?.aborted) controller.abort();
  caller?.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, timedOut: () => expired, done: () => { clearTimeout(timer); caller?.removeEventListener('abort', onAbort); } };
}

/**
 * Every /idaas call goes through here: the portal's headers on the way out, the envelope
 * unwrapped on the way back. It shows nothing: a refusal rejects with an ApiError, and the caller
 * decides what the person reads (a Refine hook's errorNotification, a field, the sign-in page's own toast).
 */
export function createHttp(deps: HttpDeps = {}): Http {
  const instanceId = deps.instanceId ?? (() => sessionStore.instanceId());
  const language = deps.language ?? acceptLanguage;
  const translate = deps.translate ?? ((key: string) => t(key));
  let transport = deps.transport ?? fetchTransport;

  const networkError = (status = 0) => new ApiError(NETWORK_ERROR, translate('errors.network'), null, status);
  const refused = (body: Envelope, status: number) => new ApiError(body.code, body.message || translate('errors.network'), body.data ?? null, status);

  async function request<T>(method: Method, url: string, body?: unknown, options?: CallOptions): Promise<T> {
    const get = method === 'GET';
    const headers: Record<string, string> = {
      ...options?.headers,
      'X-Client-Id': CLIENT_ID,
      'X-Instance-Id': instanceId(),
      'Accept-Language': language(),
      ...(get ? {} : { 'Content-Type': 'application/json' }),
    };
    const limit = deadline(options?.signal);
    let response: Response;
    let envelope: unknown;
    try {
      response = await transport({ method, url: `${API_PREFIX}${url}${get ? queryOf(body) : ''}`, headers, body: get ? undefined : JSON.stringify(body ?? {}), signal: limit.signal });
      const text = await response.text();
      try {
        envelope = text ? JSON.parse(text) : undefined;
      } catch {
        envelope = undefined;
      }
    } catch (error) {
      if (options?.signal?.aborted && !limit.timedOut()) throw new ApiError('CANCELLED', 'cancelled');
      // No answer at all: the answer did not come in time, or the network is down (fetch's TypeError).
      const late = limit.timedOut() || (error instanceof DOMException && error.name === 'TimeoutError');
      throw late ? networkError() : new ApiError(CONNECTION_FAILED, translate('errors.connectionFailed'));
    } finally {
      limit.done();
    }
    // An answer without an envelope (a proxy's error page, index.html from a wrong path): same text as no answer.
    if (!isEnvelope(envelope)) throw networkError(response.ok ? 200 : response.status);
    if (!response.ok) throw refused(envelope, response.status);
    if (envelope.code !== OK) throw refused(envelope, 200);
    return envelope.data as T;
  }

  return {
    request,
    get: (url, params, options) => request('GET', url, params, options),
    post: (url, body, options) => request('POST', url, body, options),
    useTransport: (wrap) => {
      transport = wrap(transport);
    },
  };
}

export const http = createHttp();
