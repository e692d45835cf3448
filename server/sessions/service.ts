import { LIMITS } from '../../contract/rules.js';
import { randomId, sha256 } from '../platform/lib/crypto.js';
import { deviceNameOf } from '../account/deviceName.js';
import { HOUR, MINUTE } from '../platform/lib/clock.js';
import { notSignedIn } from '../platform/lib/errors.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { SettingsService } from '../policies/settings.js';
import type { Policies } from '../../contract/schemas/admin/policies.js';
import type { NewSession, SessionLookup } from './repository.js';
import type { UserProfile } from '../organisation/usersRepository.js';

/**
 * Server-side sessions: the browser holds a 256-bit random token, the database only its
 * SHA-256, so a leaked table cannot be replayed as cookies. The idle timeout is the live session
 * policy, applied to every session at its next use; the absolute lifetime is fixed when a session
 * opens.
 */
export function sessionService(ctx: ServiceContext, settings: SettingsService) {
  const { touchSeconds } = ctx.config.session;
  const repo = ctx.repos.sessions;

  /** The digest a session is stored under, for a token that can be one (E00009 otherwise). */
  function hashOf(token: string | undefined): string {
    if (!token || token.length > LIMITS.tokenMax) throw notSignedIn();
    return sha256(token);
  }

  /** The session's user, if the session is still open: one idle past the policy or expired is ended. */
  async function admit(row: SessionLookup | undefined, policies: Policies): Promise<AuthUser> {
    if (!row) throw notSignedIn();
    const { idleMinutes } = policies.sessions;
    const now = ctx.clock.now();
    if (row.expiresAt <= now || row.lastSeenAt + idleMinutes * MINUTE <= now || !row.enabled) {
      await repo.delete(row.sessionId);
      throw notSignedIn();
    }
    // Sliding the idle window costs a write; once a minute is precise enough.
    if (now - row.lastSeenAt >= touchSeconds * 1000) await repo.touch(row.sessionId, now);
    return { userRef: row.userRef, account: row.account, sessionId: row.sessionId, instanceId: row.instanceId };
  }

  return {
    /**
     * A session to open: the browser's token and the row to write, which the sign-in writes with
     * the rest of what it leaves (ctx.repos.opening). The live policy is read here, before that
     * transaction: on SQLite it holds the one connection a policy read would wait for.
     */
    async prepare(userRef: number, caller: Caller): Promise<{ token: string; instanceId: string; row: NewSession }> {
      const { absoluteHours } = (await settings.current()).sessions;
      const now = ctx.clock.now();
      const token = randomId(32);
      const instanceId = randomId(12);
      return { token, instanceId, row: {
        tokenHash: sha256(token),
        userRef,
        instanceId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + absoluteHours * HOUR,
        ip: caller.ip,
        deviceId: caller.deviceId,
        deviceName: deviceNameOf(caller.userAgent, caller.deviceName),
        userAgent: caller.userAgent?.slice(0, LIMITS.userAgentMax) ?? null,
      } };
    },

    /** Resolves a token to its user, enforcing idle and absolute expiry; E00009 otherwise. */
    async authenticate(token: string | undefined): Promise<AuthUser> {
      const [row, policies] = await Promise.all([repo.findByHash(hashOf(token)), settings.current()]);
      return admit(row, policies);
    },

    /** authenticate, with the account in full and its managers' names from the same statement. */
    async authenticateWithProfile(token: string | undefined): Promise<{ user: AuthUser; profile: UserProfile }> {
      const [found, policies] = await Promise.all([repo.findByHashWithProfile(hashOf(token)), settings.current()]);
      if (!found) throw notSignedIn();
      return { user: await admit(found.session, policies), profile: found.profile };
    },

    async end(token: string | undefined): Promise<void> {
      if (token && token.length <= LIMITS.tokenMax) await repo.deleteByHash(sha256(token));
    },

    endOthers: (userRef: number, keepSessionId: number | null) => repo.deleteOthers(userRef, keepSessionId),
  };
}

export type SessionService = ReturnType<typeof sessionService>;
