import { upstreamEndpoints } from '../../../../contract/endpoints/upstream';
import { API_PREFIX } from '../../../../contract/paths';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import type { UpstreamFinishResult } from '../../../../contract/schemas/upstream';
import { call } from '../../../shared/providers/api';
import { deviceInfo } from '../../../shared/providers/device';
import { sm2Client } from '../../../shared/providers/sm2';

/** Where a provider's button sends the browser: the server's start, which goes on to the provider (a navigation, not a call). */
export function startHref(provider: string, appId: string | undefined, returnTo: string | null): string {
  const query = new URLSearchParams({ provider });
  if (appId) query.set('appId', appId);
  if (returnTo) query.set('redirect', returnTo);
  return `${API_PREFIX}${upstreamEndpoints.start.path}?${query.toString()}`;
}

export const loadButtons = (appId: string | undefined) => call(upstreamEndpoints.providers, appId ? { appId } : {});

/** The sign-in page takes over the identity the provider proved (the ticket in ?upstream=). */
export async function finishUpstream(ticket: string): Promise<UpstreamFinishResult> {
  return call(upstreamEndpoints.finish, { ticket, ...(await deviceInfo()) });
}

/** First sign-in: the portal account and its password (SM2, as the password tab sends them) link the two. */
export async function bindUpstream(srmi: string, account: string, password: string): Promise<LoginResponse> {
  const [userId, secret, device] = await Promise.all([sm2Client.encrypt(account.trim()), sm2Client.encrypt(password), deviceInfo()]);
  return call(upstreamEndpoints.bind, { srmi, userId, password: secret, ...device });
}

/**
 * The calls of the return from a provider, handed down by the buttons rather than imported, so
 * the declarations live in the buttons' chunk alone (one file fewer for /login to name).
 */
export const upstreamCalls = { finish: finishUpstream, bind: bindUpstream };
export type UpstreamCalls = typeof upstreamCalls;
