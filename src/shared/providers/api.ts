import type { EndpointSpec, InputOf, ResultOf } from '../../../contract/endpoint';
import { fillPath } from '../../../contract/paths';
import { http, type CallOptions, type Http } from './http';

/**
 * What the client needs of a declaration: its method and path at run time (in the browser build
 * the declarations hold nothing else, see build/clientEndpoints.ts), its input and output
 * schemas as types only.
 */
export type Declared = Pick<EndpointSpec, 'method' | 'path' | 'input' | 'output'>;
export type Input<S extends Declared> = InputOf<S & EndpointSpec>;
export type Result<S extends Declared> = ResultOf<S & EndpointSpec>;

/** Endpoints whose input may be left out (none, or every field optional). */
type OptionalInput<S extends Declared> = undefined extends Input<S> ? [input?: Input<S>, options?: CallOptions] : [input: Input<S>, options?: CallOptions];

/** The path of a call: `:name` segments filled from the input (and left out of a GET query). */
export function resolvePath(path: string, input: unknown): { url: string; rest: unknown } {
  if (!path.includes(':') || !input || typeof input !== 'object') return { url: path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const params: Record<string, string> = {};
  for (const [, name] of path.matchAll(/:(\w+)/g)) {
    params[name] = String(rest[name] ?? '');
    delete rest[name];
  }
  return { url: fillPath(path, params), rest };
}

/** A `call` through one http layer (providers that take theirs as a dependency, for tests). */
export type Call = <S extends Declared>(endpoint: S, ...[input, options]: OptionalInput<S>) => Promise<Result<S>>;

export function callThrough(through: Http): Call {
  return (endpoint, ...[input, options]) => {
    const { url, rest } = resolvePath(endpoint.path, input);
    return endpoint.method === 'GET' ? through.get(url, rest as Record<string, unknown> | undefined, options) : through.post(url, rest ?? {}, options);
  };
}

/**
 * Calls a declared endpoint: `call(passwordEndpoints.forgetSendOtp, { requestId })`. Method and
 * path come from the declaration, the input is checked against its input schema's type and the
 * promise resolves to its output's type. Refusals reject with ApiError (http layer), and
 * nothing is shown: inside <Refine> pages call through useEndpointQuery / useEndpointMutation,
 * whose notifications decide what the person reads.
 */
export const call: Call = callThrough(http);
