import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, MINUTE } from '../../server/platform/lib/clock.js';
import { startClient, storeCases, type Client } from './harness.js';

/**
 * Rows made "now" on the test clock, some already expired or old; then the clock moves on and the
 * retention job runs with small batches, from two instances at once.
 */
describe.each(storeCases())('retention ($name)', (store) => {
  let a: Client;
  let b: Client;
  // The OIDC sweep deletes expired provider records too; off, so the counts below are the job's.
  const QUIET = { retention: { logDays: 180, intervalMinutes: 0, batchSize: 7 }, oidc: { keyRotationDays: 90, logoutSweepMs: 0 } };
  beforeAll(async () => {
    const url = await store.seededUrl('retention');
    a = await startClient(store, 'retention', QUIET, undefined, url);
    b = await startClient(store, 'retention', QUIET, undefined, url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const mark = (table: string) => `retention-${table}`;

  it('prunes old logs and expired records in batches, keeps the rest, and two instances prune once between them', async () => {
    const db = a.app.store.db;
    const now = a.clock.now();
    const user = await db.selectFrom('users').select('id').where('user_id', '=', 'lisi').executeTakeFirstOrThrow();
    const old = now - 181 * DAY;
    const recent = now - 179 * DAY;
    const history = (i: number, at: number) => ({
      user_ref: user.id, account: 'lisi', opt_type: mark('history'), app_ref: null, app_name: null, is_success: 1, login_msg: 'D00000',
      ip: '127.0.0.1', device_id: null, device_name: null, created_at: at + i,
    });
    await db.insertInto('login_history').values([...Array.from({ length: 30 }, (_, i) => history(i, old)), ...Array.from({ length: 3 }, (_, i) => history(i, recent))]).execute();
    const operation = (i: number, at: number) => ({ user_ref: user.id, scene_code: mark('op'), detail: null, ip: '127.0.0.1', ip_region: null, created_at: at + i });
    await db.insertInto('operation_log').values([...Array.from({ length: 20 }, (_, i) => operation(i, old)), operation(0, recent)]).execute();
    const expiring = (i: number) => ({ expired: now - MINUTE - i, live: now + HOUR + i });
    await db.insertInto('otps').values(Array.from({ length: 16 }, (_, i) => ({
      id: `${mark('otp')}-${i}`, purpose: 'msg-login', mobile_no: '13800000002', user_ref: user.id, code_hash: 'x', created_at: now - 10 * MINUTE,
      expires_at: i < 15 ? expiring(i).expired : expiring(i).live, tries: 0, used: 0,
    }))).execute();
    await db.insertInto('tickets').values(Array.from({ length: 9 }, (_, i) => ({
      id: `${mark('ticket')}-${i}`, purpose: 'login', user_ref: null, step: 'X', data: '{}', created_at: now - HOUR, expires_at: i < 8 ? expiring(i).expired : expiring(i).live,
    }))).execute();
    await db.insertInto('captchas').values(Array.from({ length: 12 }, (_, i) => ({
      id: `${mark('captcha')}-${i}`, kind: 'picture', answer: 'abcd', created_at: now - HOUR, expires_at: i < 10 ? expiring(i).expired : expiring(i).live,
    }))).execute();
    await db.insertInto('sessions').values(Array.from({ length: 8 }, (_, i) => ({
      token_hash: `${mark('session')}-${i}`, user_ref: user.id, instance_id: 'x', created_at: now - DAY, last_seen_at: now - DAY, ip: '127.0.0.1',
      device_id: null, device_name: null, user_agent: null, expires_at: i < 7 ? expiring(i).expired : expiring(i).live,
    }))).execute();
    await db.insertInto('oidc_payloads').values(Array.from({ length: 9 }, (_, i) => ({
      kind: i % 2 ? 'AccessToken' : 'Session', id: `${mark('oidc')}-${i}`, payload: '{}', grant_id: null, user_code: null, uid: null, consumed_at: null,
      expires_at: i < 8 ? expiring(i).expired : expiring(i).live,
    }))).execute();
    await db.insertInto('sm2_replay').values(Array.from({ length: 11 }, (_, i) => ({ digest: `${mark('sm2')}-${i}`, expires_at: i < 10 ? expiring(i).expired : expiring(i).live }))).execute();
    await db.insertInto('webauthn_challenges').values(Array.from({ length: 6 }, (_, i) => ({
      challenge: `${mark('challenge')}-${i}`, purpose: 'PASSWORDLESS', user_ref: null, binding: null, created_at: now - HOUR, expires_at: i < 5 ? expiring(i).expired : expiring(i).live,
    }))).execute();

    const [first, second] = await Promise.all([a.app.ops.retention.run(), b.app.ops.retention.run()]);
    const deleted = (table: string) => (first[table] ?? 0) + (second[table] ?? 0);
    // Both instances together delete each old row once (demo data may add expired rows of its own).
    expect(deleted('login_history')).toBeGreaterThanOrEqual(30);
    expect(deleted('operation_log')).toBeGreaterThanOrEqual(20);
    expect(deleted('otps')).toBeGreaterThanOrEqual(15);
    expect(deleted('tickets')).toBeGreaterThanOrEqual(8);
    expect(deleted('captchas')).toBeGreaterThanOrEqual(10);
    expect(deleted('sessions')).toBeGreaterThanOrEqual(7);
    expect(deleted('oidc_payloads')).toBeGreaterThanOrEqual(8);
    expect(deleted('sm2_replay')).toBeGreaterThanOrEqual(10);
    expect(deleted('webauthn_challenges')).toBeGreaterThanOrEqual(5);

    const count = async (query: Promise<{ n: number | string | bigint }>) => Number((await query).n);
    expect(await count(db.selectFrom('login_history').select((eb) => eb.fn.countAll().as('n')).where('opt_type', '=', mark('history')).executeTakeFirstOrThrow())).toBe(3);
    expect(await count(db.selectFrom('operation_log').select((eb) => eb.fn.countAll().as('n')).where('scene_code', '=', mark('op')).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('otps').select((eb) => eb.fn.countAll().as('n')).where('id', 'like', `${mark('otp')}%`).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('tickets').select((eb) => eb.fn.countAll().as('n')).where('id', 'like', `${mark('ticket')}%`).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('captchas').select((eb) => eb.fn.countAll().as('n')).where('id', 'like', `${mark('captcha')}%`).executeTakeFirstOrThrow())).toBe(2);
    expect(await count(db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('token_hash', 'like', `${mark('session')}%`).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('oidc_payloads').select((eb) => eb.fn.countAll().as('n')).where('id', 'like', `${mark('oidc')}%`).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('sm2_replay').select((eb) => eb.fn.countAll().as('n')).where('digest', 'like', `${mark('sm2')}%`).executeTakeFirstOrThrow())).toBe(1);
    expect(await count(db.selectFrom('webauthn_challenges').select((eb) => eb.fn.countAll().as('n')).where('challenge', 'like', `${mark('challenge')}%`).executeTakeFirstOrThrow())).toBe(1);

    // The clock moves on: the recent log rows and the live records age out in turn.
    a.clock.advance(2 * DAY + 2 * HOUR);
    const later = await a.app.ops.retention.run();
    expect(later.login_history).toBeGreaterThanOrEqual(3);
    expect(later.otps).toBeGreaterThanOrEqual(1);
    expect(await count(db.selectFrom('login_history').select((eb) => eb.fn.countAll().as('n')).where('opt_type', '=', mark('history')).executeTakeFirstOrThrow())).toBe(0);
    expect(await count(db.selectFrom('sm2_replay').select((eb) => eb.fn.countAll().as('n')).where('digest', 'like', `${mark('sm2')}%`).executeTakeFirstOrThrow())).toBe(0);
  });

  it('keeps serving requests while it prunes', async () => {
    const res = await Promise.all([a.app.ops.retention.run(), a.app.inject({ method: 'GET', url: '/healthz' })]);
    expect(res[1].statusCode).toBe(200);
  });
});
