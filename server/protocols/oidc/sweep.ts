import type Provider from 'oidc-provider';
import type { OidcContext } from './context.js';
import { logUndelivered } from './provider.js';

/** Links handled per sweep; the next sweep takes the rest. */
const BATCH = 100;

/**
 * Signs applications out of provider sessions whose portal session ended (signed out, ended by
 * an administrator or by a password change, expired): each application with a back-channel
 * logout URI gets a logout token (OIDC Back-Channel Logout 1.0), the grants of the session are
 * revoked and the session is deleted — what an RP-initiated logout does, started by the portal.
 * Each link is claimed by one conditional delete, so instances sweeping together sign out once.
 * Expired provider records are deleted on the way. Returns how many sessions were signed out.
 */
export async function sweepEndedSessions(d: OidcContext, provider: Provider): Promise<number> {
  const now = d.clock.now();
  await d.payloads.deleteExpired(now);
  let signedOut = 0;
  for (const link of await d.oidc.ended(now, BATCH)) {
    if (!(await d.oidc.claim(link))) continue;
    const session = await provider.Session.findByUid(link.sessionUid);
    if (!session?.accountId) continue;
    const sub = session.accountId;
    await Promise.all(Object.entries(session.authorizations ?? {}).map(async ([clientId, authorization]) => {
      // backchannelLogout is public on the client but missing from its type declarations.
      const client = (await provider.Client.find(clientId).catch(() => undefined)) as { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> } | undefined;
      if (client?.backchannelLogoutUri) {
        await client.backchannelLogout(sub, authorization.sid ?? '').catch((error: unknown) => logUndelivered(d, clientId, error));
      }
      if (authorization.grantId && !authorization.persistsLogout) await d.payloads.revokeGrant(authorization.grantId);
    }));
    await session.destroy();
    signedOut += 1;
  }
  return signedOut;
}
