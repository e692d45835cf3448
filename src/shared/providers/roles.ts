import { accountEndpoints } from '../../../contract/endpoints/account';
import { isAdminRole } from '../../../contract/rules';
import { callThrough } from './api';
import type { Http } from './http';
import type { SessionStore } from './storage';

/** Fetches the user's roles and remembers their codes (as roleCode). null when the server sends no data (not the contract, kept as a guard). */
export async function fetchRoleCodes(http: Http, store: SessionStore): Promise<string[] | null> {
  const roles = await callThrough(http)(accountEndpoints.userRoles, {});
  if (!Array.isArray(roles)) return null;
  const codes = roles.map((role) => role.code).filter((code): code is string => typeof code === 'string');
  store.setRoleCodes(codes);
  return codes;
}

/** Role codes from storage, or from the server when this browser has none yet (e.g. a new tab). */
export async function roleCodes(http: Http, store: SessionStore): Promise<string[]> {
  return store.roleCodes() ?? (await fetchRoleCodes(http, store)) ?? [];
}

export function hasAdminRole(codes: readonly string[]): boolean {
  return codes.some(isAdminRole);
}
