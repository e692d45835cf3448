import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { PayloadWrite, PayloadsRepo } from './payloadsRepository.js';

/** What a token request issues: written together when it has answered, before the answer leaves. */
const HELD = new Set(['AccessToken', 'RefreshToken']);
/** What a token request spends: consumed in the same statement as the tokens its use issued. */
const SPENT = new Set(['AuthorizationCode', 'RefreshToken']);

interface Held {
  writes: Map<string, PayloadWrite>;
  consume?: { kind: string; id: string; now: number };
}

/**
 * The token endpoint consumes its code or refresh token, then saves its access token and its
 * refresh token, a statement each. Nobody can present the new tokens before the answer carrying
 * them is sent, so all three are held until the provider has answered and then done in one
 * statement (payloadsRepository.ts, `spendAndStore`): the tokens are stored only if the
 * consumption passed, so of several racing uses exactly one stores and is answered; the others
 * find it used, revoke the grant (a reused code or refresh token must revoke what it issued:
 * RFC 6749 §4.1.2, RFC 9700 §4.14.2) and answer invalid_grant instead of their tokens.
 * An answer that is not a success drops the tokens (it carries none) but still spends what it
 * consumed, as the provider's own order (consume, then issue) would have. A failed write turns
 * the answer into the provider's own server_error, so no token is handed out that was not stored,
 * and what it was asked with is spent all the same.
 */
export function tokenWrites(payloads: PayloadsRepo) {
  const held = new WeakMap<object, Held>();
  const heldFor = (ctx: object): Held => {
    let entry = held.get(ctx);
    if (!entry) held.set(ctx, (entry = { writes: new Map() }));
    return entry;
  };
  const tokenRequest = () => {
    const ctx = Provider.ctx;
    return ctx && ctx.oidc?.route === 'token' ? ctx : undefined;
  };

  function answerInvalidGrant(ctx: KoaContextWithOIDC): void {
    const error = new errors.InvalidGrant('grant request is invalid');
    ctx.status = error.statusCode;
    ctx.body = { error: error.error, error_description: error.error_description };
    ctx.oidc.provider.emit('grant.error', ctx, error);
  }

  return {
    /** Holds the write for the token request in progress; false when it is to be written now. */
    hold(write: PayloadWrite): boolean {
      const ctx = tokenRequest();
      if (!ctx || !HELD.has(write.kind)) return false;
      heldFor(ctx).writes.set(`${write.kind}:${write.id}`, write);
      return true;
    },

    /** Holds the consumption of the token request's code or refresh token; false when it is to be done now. */
    holdConsumption(kind: string, id: string, now: number): boolean {
      const ctx = tokenRequest();
      if (!ctx || !SPENT.has(kind)) return false;
      const entry = heldFor(ctx);
      if (entry.consume) return false;
      entry.consume = { kind, id, now };
      return true;
    },

    /** After the provider answered: consumes and stores what the request held, if it answered with them. */
    async release(ctx: KoaContextWithOIDC): Promise<void> {
      const entry = held.get(ctx);
      if (!entry) return;
      held.delete(ctx);
      const { consume } = entry;
      const writes = [...entry.writes.values()];
      if (ctx.status !== 200) {
        if (consume) await payloads.spend(consume.kind, consume.id, consume.now).catch((error: unknown) => ctx.oidc.provider.emit('server_error', ctx, error));
        return;
      }
      try {
        if (!consume) {
          await payloads.upsertMany(writes);
          return;
        }
        if (!(await payloads.spendAndStore(consume, writes, consume.now))) answerInvalidGrant(ctx);
      } catch (error) {
        if (consume) await payloads.spend(consume.kind, consume.id, consume.now).catch(() => undefined);
        ctx.status = 500;
        ctx.body = { error: 'server_error', error_description: 'oops! something went wrong' };
        ctx.oidc.provider.emit('server_error', ctx, error);
      }
    },
  };
}

export type TokenWrites = ReturnType<typeof tokenWrites>;
