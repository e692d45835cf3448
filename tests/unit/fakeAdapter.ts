import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  params: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body: unknown } | { network: 'ERR_NETWORK' | 'ECONNABORTED' };
type Responder = (req: SentRequest) => Reply;

/**
 * An axios adapter that records every request and answers from a function, so providers can
 * be tested against the real axios pipeline (interceptors, error mapping) without a server.
 */
export function fakeAdapter(respond: Responder): { adapter: AxiosAdapter; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    const req: SentRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params,
      headers,
    };
    sent.push(req);
    const reply = respond(req);
    if ('network' in reply) {
      throw new AxiosError(reply.network === 'ERR_NETWORK' ? 'Network Error' : 'timeout', reply.network, config);
    }
    const response = { data: reply.body, status: reply.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 400) {
      throw new AxiosError(`Request failed with status code ${response.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
    }
    return response;
  };
  return { adapter, sent };
}

export const ok = (data: unknown) => ({ body: { code: 'D00000', message: '成功', data } });
export const refused = (code: string, message: string, status = 400, data: unknown = null) => ({ status, body: { code, message, data } });
