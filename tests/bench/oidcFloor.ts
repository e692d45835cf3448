/**
 * The floor of the OpenID Connect budgets (DESIGN.md §8), for tests/bench/oidc.ts: a standalone
 * `oidc-provider` of the version the portal uses, nothing in front of it, its memory adapter, one
 * client as the portal's demo-rp is configured (client_secret_basic, PKCE, refresh tokens rotated
 * on use, RS256 id_tokens, the same scopes and claims), in a process of its own. It prints its
 * address on the first line of stdout and answers over IPC:
 *   {mint: {codes, refreshTokens}} → {codes, refreshTokens}: made through the provider's own
 *     models (a grant, then codes and refresh tokens under it), as its authorisation endpoint would;
 *   'cpu' → {cpuMicros}: the CPU time the process has used.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { storedAdapter } from './oidcFloorStore.js';

export const FLOOR_CLIENT = { id: 'floor-rp', secret: 'floor-rp-secret' } as const;

export interface MintRequest { mint: { codes: number; refreshTokens: number; redirectUri: string; codeChallenge: string } }
export interface Minted { codes: string[]; refreshTokens: string[] }

const SUB = 'floor-subject';
const SCOPE = 'openid profile';

/**
 * oidc-provider's memory adapter, on a store of 5,000,000 entries instead of its quick-start
 * 1,000 (an LRU), where the minted codes and tokens would push out each other and their grants.
 */
async function memoryAdapter(): Promise<(model: string) => unknown> {
  const at = (path: string): string => path;
  type Adapter = new (model: string, store: unknown, clockTolerance: number) => unknown;
  const { default: MemoryAdapter } = (await import(at('oidc-provider/lib/adapters/memory_adapter.js'))) as { default: Adapter };
  const { default: LRU } = (await import(at('oidc-provider/lib/helpers/lru.js'))) as { default: new (o: { maxSize: number }) => unknown };
  const store = new LRU({ maxSize: 5_000_000 });
  return (model) => new MemoryAdapter(model, store, 0);
}

/**
 * The floor's provider and its minting, for a process of its own (serveFloor) or in-process
 * comparisons (oidcGrants.ts). With `databaseUrl`, its records are kept in that store
 * (oidcFloorStore.ts) instead of memory: a reference, not the budgets' floor.
 */
export async function floorProvider(redirectUri: string, databaseUrl?: string): Promise<{ provider: Provider; mint(request: MintRequest['mint']): Promise<Minted> }> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider('http://127.0.0.1', {
    adapter: (databaseUrl ? await storedAdapter(databaseUrl) : await memoryAdapter()) as never,
    clients: [{
      client_id: FLOOR_CLIENT.id, client_secret: FLOOR_CLIENT.secret, token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
      id_token_signed_response_alg: 'RS256', require_auth_time: true,
    }],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'floor-rs256', alg: 'RS256', use: 'sig' }] } as never,
    // The portal's claims for the same scopes, from an account held in memory.
    claims: { openid: ['sub', 'acr', 'amr'], profile: ['name', 'preferred_username'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, name: '李四', preferred_username: 'lisi' }) }),
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    features: { devInteractions: { enabled: false } },
  });

  async function mint({ codes, refreshTokens, codeChallenge }: MintRequest['mint']): Promise<Minted> {
    const client = (await provider.Client.find(FLOOR_CLIENT.id))!;
    // A grant each, as each sign-in has: the adapter recomputes a grant's expiry over all its members on every save.
    const newGrant = () => {
      const grant = new provider.Grant({ accountId: SUB, clientId: FLOOR_CLIENT.id });
      grant.addOIDCScope(SCOPE);
      return grant.save();
    };
    const authTime = Math.floor(Date.now() / 1000);
    const made: Minted = { codes: [], refreshTokens: [] };
    // Ten at a time (a stored adapter waits on its store), and the codes last: they live 60 s, and
    // on a store they must still be live when the exchanges that follow spend them.
    const inTens = async (n: number, one: () => Promise<string>, into: string[]) => {
      for (let i = 0; i < n; i += 10) into.push(...(await Promise.all(Array.from({ length: Math.min(10, n - i) }, one))));
    };
    await inTens(refreshTokens, async () => new provider.RefreshToken({
      accountId: SUB, client, grantId: await newGrant(), scope: SCOPE, gty: 'authorization_code', authTime, rotations: 0, acr: 'urn:idaas:acr:pwd',
    }).save(), made.refreshTokens);
    await inTens(codes, async () => new provider.AuthorizationCode({
      accountId: SUB, client, grantId: await newGrant(), scope: SCOPE, gty: 'authorization_code', redirectUri, codeChallenge, codeChallengeMethod: 'S256', authTime, acr: 'urn:idaas:acr:pwd',
    }).save(), made.codes);
    return made;
  }

  return { provider, mint };
}

export async function serveFloor(redirectUri: string, databaseUrl?: string): Promise<void> {
  const { provider, mint } = await floorProvider(redirectUri, databaseUrl);
  process.on('message', (message: unknown) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    } else if (typeof message === 'object' && message && 'mint' in message) {
      void mint((message as MintRequest).mint).then((made) => process.send?.(made));
    }
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}
