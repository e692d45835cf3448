/**
 * The sign-in floor of DESIGN.md §8: what no implementation of the sign-in contract can skip —
 * the two SM2 decryptions (account and password arrive encrypted apart), one argon2id
 * verification at the portal's parameters, and one session row written through the same store
 * and query layer. The portal's password sign-in is judged as a ratio to this route.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../../server/platform/config.js';
import { sha256 } from '../../server/platform/lib/crypto.js';
import { sm2Decrypt, sm2KeyPair } from '../../server/platform/lib/sm2Native.js';
import type { Store } from '../../server/platform/db/connect.js';
import { sessionsRepo } from '../../server/sessions/repository.js';

export const FLOOR_PASSWORD = 'Idaas@2026';

export async function floorSignIn(app: FastifyInstance, store: Store): Promise<void> {
  const config = readConfig({ IDAAS_MODE: 'test', DATABASE_URL: 'file::memory:' }, { staticDir: null });
  const keys = sm2KeyPair();
  const stored = await hash(FLOOR_PASSWORD, { algorithm: 2, ...config.argon2 });
  const sessions = sessionsRepo(store.db);
  const lisi = await store.db.selectFrom('users').select('id').where('user_id', '=', 'lisi').executeTakeFirstOrThrow();
  app.get('/floor-sign-in/key', async () => ({ publicKey: keys.publicKey }));
  app.post<{ Body: { userId: string; password: string } }>('/floor-sign-in', async (request, reply) => {
    // sm-crypto's C1 has no 04 prefix, as the portal's clients send it.
    const account = sm2Decrypt(request.body.userId, keys.privateKey);
    const password = sm2Decrypt(request.body.password, keys.privateKey);
    if (!account || !password || !(await verify(stored, password))) return reply.code(400).send({ code: 'E30001' });
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await sessions.create({
      tokenHash: sha256(token), userRef: lisi.id, instanceId: 'floor', createdAt: now, lastSeenAt: now, expiresAt: now + 8 * 3600_000,
      ip: request.ip, deviceId: null, deviceName: null, userAgent: request.headers['user-agent'] ?? null,
    });
    reply.header('set-cookie', `idaas_token=${token}; HttpOnly; Path=/`);
    return { code: 'D00000', message: '成功', data: { userId: account } };
  });
}
