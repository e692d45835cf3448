// Through the default export, which the http layer already takes: the sign-in page's copy of the
// framework chunk then exports nothing more for this signed-in-only code.
import axios, { type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

const { AxiosError, AxiosHeaders, getAdapter } = axios;

/** A call the entry (src/main.tsx) started before the code that needs its answer had loaded. */
interface EarlyCall {
  method: 'GET' | 'POST';
  url: string;
  /** The Accept-Language it was asked with: the answer's messages are in that language. */
  language: string;
  /** When it was asked (Date.now()). */
  at: number;
  answer: Promise<Response | null>;
}

/** Asked longer ago than this, an early answer is not taken: it may no longer be fresh. */
const FRESH_MS = 15_000;

function takeEarly(config: InternalAxiosRequestConfig): EarlyCall | null {
  const holder = window as unknown as { __idaasEarlyCalls?: EarlyCall[] };
  const calls = holder.__idaasEarlyCalls;
  if (!calls?.length) return null;
  const headers = AxiosHeaders.from(config.headers);
  const method = (config.method ?? 'get').toUpperCase();
  const body = typeof config.data === 'string' ? config.data : config.data === undefined ? undefined : JSON.stringify(config.data);
  const now = Date.now();
  const at = calls.findIndex((call) =>
    now - call.at < FRESH_MS && call.method === method && call.url === config.url && !config.params &&
    (method === 'GET' ? body === undefined : body === '{}') &&
    call.language === String(headers.get('Accept-Language') ?? ''));
  if (at < 0) return null;
  // Each answer serves one request: a later ask (a refresh) goes to the server.
  return calls.splice(at, 1)[0];
}

/**
 * The http layer's transport for the signed-in application: the first request for a call the
 * entry already made takes that answer (same path, body and language; the X-Instance-Id the
 * session check then hands out changes no answer), the rest go out as usual.
 * The home page's first screen then waits for its data no longer than for its code.
 */
export function withEarlyAnswers(fallback: AxiosAdapter): AxiosAdapter {
  return async (config) => {
    const early = takeEarly(config);
    const res = early ? await early.answer : null;
    if (!res) return fallback(config);
    const response: AxiosResponse = {
      data: await res.text(),
      status: res.status,
      statusText: res.statusText,
      headers: AxiosHeaders.from(Object.fromEntries(res.headers.entries())),
      config,
      request: null,
    };
    if (config.validateStatus ? config.validateStatus(res.status) : res.ok) return response;
    const code = res.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${res.status}`, code, config, null, response);
  };
}

/** Puts the early answers in front of the given axios instance's own transport. */
export function installEarlyAnswers(instance: { defaults: { adapter?: InternalAxiosRequestConfig['adapter'] } }): void {
  instance.defaults.adapter = withEarlyAnswers(getAdapter(instance.defaults.adapter ?? ['xhr', 'http', 'fetch']));
}
