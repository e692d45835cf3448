import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { PayloadWrite, PayloadsRepo } from './payloadsRepository.js';

/** What a token request issues: written together when it has answered, before the answer leaves. */
const HELD = new Set(['AccessToken', 'RefreshToken']);

/**
 * The token endpoint saves its access token and its refresh token one after the other, a
 * statement each. Nobody can present either before the answer carrying them is sent, so they are
 * held until the provider has answered and then written in one statement (provider.ts). An answer
 * that is not a success drops them: it carries no token. A failed write turns the answer into
 * the provider's own server_error, so no token is handed out that was not stored.
 */
export function tokenWrites(payloads: PayloadsRepo) {
  const held = new WeakMap<object, Map<string, PayloadWrite>>();

  return {
    /** Holds the write for the token request in progress; false when it is to be written now. */
    hold(write: PayloadWrite): boolean {
      const ctx = Provider.ctx;
      if (!ctx || !HELD.has(write.kind) || ctx.oidc?.route !== 'token') return false;
      let writes = held.get(ctx);
      if (!writes) held.set(ctx, (writes = new Map()));
      writes.set(`${write.kind}:${write.id}`, write);
      return true;
    },

    /** After the provider answered: stores what the request held, if it answered with them. */
    async release(ctx: KoaContextWithOIDC): Promise<void> {
      const writes = held.get(ctx);
      if (!writes) return;
      held.delete(ctx);
      if (ctx.status !== 200) return;
      try {
        await payloads.upsertMany([...writes.values()]);
      } catch (error) {
        ctx.status = 500;
        ctx.body = { error: 'server_error', error_description: 'oops! something went wrong' };
        ctx.oidc.provider.emit('server_error', ctx, error);
      }
    },
  };
}

export type TokenWrites = ReturnType<typeof tokenWrites>;
