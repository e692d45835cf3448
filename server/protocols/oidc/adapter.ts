import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../platform/lib/clock.js';
import type { PayloadsRepo, StoredPayload } from './payloadsRepository.js';
import { accountKey, grantKey, requestReads, sessionKey } from './requestReads.js';
import type { TokenWrites } from './tokenWrites.js';

/** Records without a lifetime of their own still leave the table some day. */
const NO_TTL_SECONDS = 365 * 86_400;

/** Single-use records: a second use, even a racing one, revokes everything issued under the grant. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode']);
/**
 * Records issued under a grant, the ones revoking it deletes. Others mention a grant too (an
 * interaction carries the grant it found) but must outlive its revocation: an interaction that
 * signs one account out to sign another in revokes the first account's grant on the way.
 */
const GRANTABLE = new Set([...SINGLE_USE, 'AccessToken']);
/**
 * Records whose use reads their grant, session and account next: a code exchange, a refresh,
 * userinfo, introspection. They are read together, in one statement (payloadsRepository.ts).
 */
const READ_WITH_LINKS = new Set(['AuthorizationCode', 'RefreshToken', 'AccessToken']);

export interface AdapterDeps {
  payloads: PayloadsRepo;
  clock: Clock;
  /** Where a token request's tokens wait to be written together. */
  writes: TokenWrites;
  /** Client metadata of the application with this client id, if it is an enabled OIDC client. */
  findClient(clientId: string): Promise<AdapterPayload | undefined>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * oidc-provider's storage over the portal's database, so every instance shares codes, tokens,
 * grants, sessions and interactions. Clients are not stored here: they are the applications.
 */
export function adapterFactory(deps: AdapterDeps) {
  const { payloads, clock } = deps;

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.kind === 'Client') return;
      requestReads.forget();
      const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : NO_TTL_SECONDS;
      const write = {
        kind: this.kind, id, payload: payload as Record<string, unknown>, grantId: GRANTABLE.has(this.kind) ? text(payload.grantId) : null, userCode: text(payload.userCode),
        uid: text(payload.uid), expiresAt: clock.now() + seconds * 1000,
      };
      if (!deps.writes.hold(write)) await payloads.upsert(write);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return deps.findClient(id);
      if (this.kind === 'Grant') {
        const ahead = requestReads.take(grantKey(id));
        if (ahead) return this.decode(ahead.stored);
      }
      if (!READ_WITH_LINKS.has(this.kind)) return this.decode(await payloads.find(this.kind, id, clock.now()));
      const found = await payloads.findWithLinks(this.kind, id, clock.now());
      if (found?.grant) requestReads.keep(grantKey(found.grant.id), found.grant.stored);
      if (found?.session) requestReads.keep(sessionKey(found.session.uid), found.session.stored);
      if (found?.account) requestReads.keep(accountKey(found.account.sub, found.account.appRef), found.account);
      return this.decode(found?.record);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Session') {
        const ahead = requestReads.take(sessionKey(uid));
        if (ahead) return this.decode(ahead.stored);
      }
      return this.decode(await payloads.findByUid(this.kind, uid, clock.now()));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.decode(await payloads.findByUserCode(this.kind, userCode, clock.now()));
    }

    /**
     * oidc-provider reads `consumed`, then consumes: two requests racing with one code would both
     * pass its read. Here the consumption itself is the check; the loser revokes the grant, as a
     * reused code or refresh token must (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
     */
    async consume(id: string): Promise<void> {
      // At the token endpoint the consumption waits for the tokens, to be done in their statement
      // (tokenWrites.ts). Nothing is written yet, so what was read ahead still holds: the account
      // an exchange asks for next.
      if (deps.writes.holdConsumption(this.kind, id, clock.now())) return;
      requestReads.forget();
      if ((await payloads.spend(this.kind, id, clock.now())) || !SINGLE_USE.has(this.kind)) return;
      throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      requestReads.forget();
      await payloads.destroy(this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      requestReads.forget();
      await payloads.revokeByGrantId(this.kind, grantId);
    }

    private decode(stored: StoredPayload | undefined): AdapterPayload | undefined {
      if (!stored) return undefined;
      return stored.consumed ? { ...stored.payload, consumed: true } : stored.payload;
    }
  };
}
