import type { Transport } from '../../src/shared/providers/http';

export interface SentRequest {
  method: string;
  /** The path, without its query. */
  url: string;
  body: unknown;
  /** A GET's query as an object (undefined when it has none). */
  params: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; body: unknown } | { network: 'ERR_NETWORK' | 'ECONNABORTED' };
type Responder = (req: SentRequest) => Reply;

/**
 * A transport that records every request and answers from a function, so providers can be
 * tested against the real http layer (headers, envelopes, error mapping) without a server.
 */
export function fakeTransport(respond: Responder): { transport: Transport; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const transport: Transport = async ({ method, url, headers, body }) => {
    const [path, query] = url.split('?');
    const req: SentRequest = {
      method,
      url: path,
      body: body === undefined ? undefined : JSON.parse(body),
      params: query ? Object.fromEntries(new URLSearchParams(query)) : undefined,
      headers,
    };
    sent.push(req);
    const reply = respond(req);
    if ('network' in reply) {
      throw reply.network === 'ERR_NETWORK' ? new TypeError('Failed to fetch') : new DOMException('timeout', 'TimeoutError');
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { transport, sent };
}

export const ok = (data: unknown) => ({ body: { code: 'D00000', message: '成功', data } });
export const refused = (code: string, message: string, status = 400, data: unknown = null) => ({ status, body: { code, message, data } });
