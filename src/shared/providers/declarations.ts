import type { Declared } from './api';

const known = new Map<string, Declared>();
const keyOf = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

/**
 * The declarations the app's code has asked for through Refine (useEndpointQuery and
 * useEndpointMutation name theirs here). The data provider's custom calls only what it finds
 * here or in the resource table: a `url` no code declared reaches nothing.
 */
export function rememberDeclared(endpoint: Declared): void {
  known.set(keyOf(endpoint.method, endpoint.path), endpoint);
}

export function declaredAt(method: string, path: string): Declared | undefined {
  return known.get(keyOf(method, path));
}
