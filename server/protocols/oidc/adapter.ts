import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../platform/lib/clock.js';
import type { PayloadsRepo } from './payloadsRepository.js';

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

export interface AdapterDeps {
  payloads: PayloadsRepo;
  clock: Clock;
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
      const seconds = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : NO_TTL_SECONDS;
      await payloads.upsert({
        kind: this.kind, id, payload: payload as Record<string, unknown>, grantId: GRANTABLE.has(this.kind) ? text(payload.grantId) : null, userCode: text(payload.userCode),
        uid: text(payload.uid), expiresAt: clock.now() + seconds * 1000,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.kind === 'Client') return deps.findClient(id);
      return this.decode(await payloads.find(this.kind, id, clock.now()));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
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
      const result = await payloads.consume(this.kind, id, clock.now());
      if (result.consumed || !SINGLE_USE.has(this.kind)) return;
      if (result.grantId) await payloads.revokeGrant(result.grantId);
      throw new errors.InvalidGrant('grant request is invalid');
    }

    async destroy(id: string): Promise<void> {
      await payloads.destroy(this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await payloads.revokeByGrantId(this.kind, grantId);
    }

    private decode(stored: Awaited<ReturnType<PayloadsRepo['find']>>): AdapterPayload | undefined {
      if (!stored) return undefined;
      return stored.consumed ? { ...stored.payload, consumed: true } : stored.payload;
    }
  };
}
