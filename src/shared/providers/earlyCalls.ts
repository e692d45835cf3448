import { API_PREFIX } from '../../../contract/paths';
import type { OutgoingRequest, Transport } from './http';

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

function takeEarly(request: OutgoingRequest): EarlyCall | null {
  const holder = window as unknown as { __idaasEarlyCalls?: EarlyCall[] };
  const calls = holder.__idaasEarlyCalls;
  if (!calls?.length) return null;
  const now = Date.now();
  const at = calls.findIndex((call) =>
    now - call.at < FRESH_MS && call.method === request.method && `${API_PREFIX}${call.url}` === request.url &&
    (request.method === 'GET' ? request.body === undefined : request.body === '{}') &&
    call.language === request.headers['Accept-Language']);
  if (at < 0) return null;
  // Each answer serves one request: a later ask (a refresh) goes to the server.
  return calls.splice(at, 1)[0];
}

/**
 * The signed-in application's transport: the first request for a call the entry already made
 * takes that answer (same path, body and language; the X-Instance-Id the session check then
 * hands out changes no answer), the rest go out as usual. The home page's first screen then
 * waits for its data no longer than for its code.
 */
export function withEarlyAnswers(fallback: Transport): Transport {
  return async (request) => {
    const early = takeEarly(request);
    const answer = early ? await early.answer : null;
    return answer ?? fallback(request);
  };
}
