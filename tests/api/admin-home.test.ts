import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOMY_SMS_BUDGETS, signIn, startClient, storeCases, type Client } from './harness.js';

const SUMMARY = '/admin/v1/home/summary';
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** The default COMPANY_TIME_ZONE, Asia/Shanghai, is UTC+8 all year. */
const SHANGHAI = 8 * 60 * MIN;
const shanghaiDate = (ms: number) => new Date(ms + SHANGHAI).toISOString().slice(0, 10);

interface Day { day: string; success: number; failure: number }

describe.each(storeCases())('workbench home ($name)', (store) => {
  let client: Client;
  let admin: string;
  let url: string;
  const later: Client[] = [];
  beforeAll(async () => {
    url = await store.seededUrl('adminhome');
    client = await startClient(store, 'adminhome', {}, ROOMY_SMS_BUDGETS, url);
    // Far past the demo's 60 days of history and its sessions: the window holds only this suite's rows.
    client.clock.advance(1000 * DAY);
    // Passwords and accounts would have expired by then.
    await client.app.store.db.updateTable('users').set({ password_expire_at: null, user_expire_date: null }).execute();
    admin = await signIn(client, 'admin');
  });
  afterAll(async () => {
    for (const c of later) await c.close();
    await client?.close();
  });

  const summary = async (on = client) => {
    const res = await on.post(SUMMARY, {}, { token: admin });
    expect(res.json().code, res.body).toBe('D00000');
    return res.json().data;
  };

  it('refuses the home page to lisi with E00403', async () => {
    const res = await client.post(SUMMARY, {}, { token: await signIn(client, 'lisi') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'E00403', data: null });
  });

  it('counts people, live sessions, locks, pending requests and sign-ins by the company\'s calendar day as the fixtures say', async () => {
    const { db } = client.app.store;
    const now = client.clock.now();
    // Midnight in Shanghai, which is 16:00 UTC the day before.
    const today = Math.floor((now + SHANGHAI) / DAY) * DAY - SHANGHAI;
    const before = await summary();
    expect(before.timezone).toBe('Asia/Shanghai');
    expect(before.series).toHaveLength(30);
    expect(before.series[29].day).toBe(shanghaiDate(now));
    expect(before.series[0].day).toBe(shanghaiDate(today - 29 * DAY));

    // People: three more, one of them disabled.
    const person = (account: string, enabled: number) => ({
      user_id: account, user_name: account, user_type: 'STAFF', phone_disabled: 0, enabled, activated: 1, must_change_password: 0, second_auth_required: 0,
      senior_leader: 0, created_at: now, updated_at: now,
    });
    await db.insertInto('users').values([person('home.a', 1), person('home.b', 1), person('home.c', 0)]).execute();
    // Sessions: two live ones, one idled out, one past its end.
    await signIn(client, 'emp0061');
    await signIn(client, 'emp0061');
    const session = (hash: string, lastSeen: number, expires: number) => ({
      token_hash: hash, user_ref: 1, instance_id: 'x', created_at: now - 2 * DAY, last_seen_at: lastSeen, expires_at: expires, ip: '10.70.0.1', device_id: null, device_name: null, user_agent: null,
    });
    await db.insertInto('sessions').values([session('home-idle', now - 31 * MIN, now + DAY), session('home-ended', now - MIN, now - 1)]).execute();
    // Locks: one live on a real account; none counted for a lock run out or an unknown name.
    await db.insertInto('limit_counters').values([
      { subject: 'acct:emp0063', hits: 10, window_start: now, locked_until: now + 10 * MIN },
      { subject: 'acct:emp0064', hits: 10, window_start: now - DAY, locked_until: now - MIN },
      { subject: 'acct:ghost.home', hits: 10, window_start: now, locked_until: now + 10 * MIN },
      { subject: 'ip:10.70.0.9', hits: 10, window_start: now, locked_until: now + 10 * MIN },
    ]).execute();
    // Requests: one more awaiting approval, one decided.
    const app = (await db.selectFrom('apps').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const request = (status: number) => ({ apply_user_ref: 1, app_ref: app, role_ids: '[]', role_names: '', apply_reason: 'home', status, apply_date: now, approval_user_ref: null, approval_suggestion: null, approval_date: null });
    await db.insertInto('apply_requests').values([request(0), request(1)]).execute();
    // Sign-ins: today, three days ago, the first day of the window, and just before it.
    const attempt = (at: number, success: boolean, extra: Record<string, unknown> = {}) => ({
      user_ref: null, account: 'home.log', opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: success ? 1 : 0, login_msg: success ? 'D00000' : 'E30002',
      ip: '10.70.1.1', device_id: null, device_name: null, created_at: at, ...extra,
    });
    const justNow = Math.max(today, now - MIN);
    await db.insertInto('login_history').values([
      attempt(justNow, true), attempt(justNow, true), attempt(justNow, false),
      attempt(today - 3 * DAY + 5 * MIN, true), attempt(today - 3 * DAY + 6 * MIN, true), attempt(today - 3 * DAY + 7 * MIN, false), attempt(today - 2 * DAY - 1, false),
      attempt(today - 29 * DAY, false),
      attempt(today - 29 * DAY - 1, false), attempt(today - 40 * DAY, true),
    ]).execute();

    // Another instance on the same database: this one keeps the finished days it counted for a few minutes.
    const other = await startClient(store, 'adminhome', {}, ROOMY_SMS_BUDGETS, url);
    later.push(other);
    // The same moment as this instance (which other tests may have moved on a little).
    other.clock.advance(client.clock.now() - other.clock.now());
    const after = await summary(other);
    expect(after.users - before.users).toBe(3);
    expect(after.enabledUsers - before.enabledUsers).toBe(2);
    expect(after.activeSessions - before.activeSessions).toBe(2);
    expect(after.lockedAccounts - before.lockedAccounts).toBe(1);
    expect(after.pendingRequests - before.pendingRequests).toBe(1);
    // emp0061 signed in twice today besides the fixtures.
    expect(after.signInsToday - before.signInsToday).toBe(4);
    expect(after.failuresToday - before.failuresToday).toBe(1);
    const delta = after.series.map((d: Day, i: number) => ({ day: d.day, success: d.success - before.series[i].success, failure: d.failure - before.series[i].failure }));
    expect(delta[29]).toMatchObject({ success: 4, failure: 1 });
    expect(delta[26]).toMatchObject({ success: 2, failure: 2 });
    expect(delta[0]).toMatchObject({ success: 0, failure: 1 });
    expect(delta.slice(1, 26).concat(delta.slice(27, 29)).every((d: Day) => d.success === 0 && d.failure === 0)).toBe(true);
    expect(after.series[29].success).toBe(after.signInsToday);
    expect(after.series[29].failure).toBe(after.failuresToday);
    // Today is counted afresh on every call, on every instance.
    const here = await summary();
    expect([here.signInsToday, here.failuresToday, here.users, here.lockedAccounts]).toEqual([after.signInsToday, after.failuresToday, after.users, after.lockedAccounts]);
  });

  it('lists the newest security events: locks, failed second factors and administrators\' changes', async () => {
    const { db } = client.app.store;
    // Later than any event another test here wrote.
    client.clock.advance(10 * MIN);
    const now = client.clock.now();
    const row = (at: number, extra: Record<string, unknown>) => ({
      user_ref: null, account: 'event.user', opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: 0, login_msg: 'E30002', ip: '10.71.0.1',
      device_id: null, device_name: null, created_at: at, ...extra,
    });
    await db.insertInto('login_history').values([
      row(now - 3 * MIN, { login_msg: 'E30053', account: 'locked.user' }),
      row(now - 2 * MIN, { opt_type: 'SECOND_AUTH', login_msg: 'E10802', account: 'second.user' }),
      row(now - 2 * MIN + 1, { account: 'plain.failure' }),
      row(now - 40 * DAY, { login_msg: 'E30053', account: 'old.lock' }),
    ]).execute();
    client.clock.advance(1000);
    const res = await client.post('/admin/v1/policies/update', { sms: { dailyPerNumber: 12 } }, { token: await signIn(client, 'secadmin') });
    expect(res.json().code).toBe('D00000');

    const { events } = await summary();
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'ADMIN_CHANGE', userId: 'secadmin', code: 'ADMIN_POLICY_UPDATE', target: 'policy:sms' }),
      expect.objectContaining({ kind: 'SECOND_FACTOR_FAILED', userId: 'second.user', code: 'E10802', ip: '10.71.0.1' }),
      expect.objectContaining({ kind: 'LOCKED', userId: 'locked.user', code: 'E30053' }),
    ]);
    expect(events.length).toBeLessThanOrEqual(20);
    expect(events.some((e: { userId: string }) => e.userId === 'plain.failure' || e.userId === 'old.lock')).toBe(false);
    const times = events.map((e: { createdDate: string }) => e.createdDate);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('keeps only the 20 newest events', async () => {
    const { db } = client.app.store;
    // Later than any event another test here wrote.
    client.clock.advance(10 * MIN);
    const now = client.clock.now();
    await db.insertInto('login_history').values(Array.from({ length: 25 }, (_, i) => ({
      user_ref: null, account: `flood.${i}`, opt_type: 'ACCOUNT', app_ref: null, app_name: null, is_success: 0, login_msg: 'E30053', ip: '10.72.0.1',
      device_id: null, device_name: null, created_at: now - i * 1000,
    }))).execute();
    const { events } = await summary();
    expect(events).toHaveLength(20);
    expect(events[0].userId).toBe('flood.0');
  });
});
