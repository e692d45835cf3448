/**
 * Where the JavaScript thread's time goes in a password sign-in, against the sign-in floor
 * (floorSignIn.ts) on the same store, in one process through `inject` (no sockets, no load
 * generator): CPU of the main thread per call (from /proc, apart from libuv's pool where argon2
 * runs) over ROUNDS alternating rounds of SIGN_INS calls each, ciphertexts made before each clock.
 * With PROFILE=1 an inspector CPU profile of the portal's rounds ranks self-time by function
 * (TOP entries). Not part of `npm test`:
 *
 *   npx tsx tests/bench/signInProfile.ts         (STORE=sqlite|postgres; SIGN_INS=300 ROUNDS=3)
 */
import { Session } from 'node:inspector';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { FLOOR_PASSWORD, floorSignIn } from './floorSignIn.js';
import { onEachStore } from './postgres.js';

const PASSWORD = 'Idaas@2026';
const SIGN_INS = Number(process.env.SIGN_INS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const TOP = Number(process.env.TOP ?? 40);
const ACCOUNTS = Array.from({ length: 150 }, (_, i) => i + 1).filter((i) => i % 25 !== 0).map((i) => `emp${String(i).padStart(4, '0')}`);

function mainThreadMicros(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const inspector = new Session();
inspector.connect();
const post = <T>(method: string, params?: object) => new Promise<T>((resolve, reject) => inspector.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));

/** Where a frame is: portal files by path and line, packages by name, Node's own by its name. */
function whereOf({ url, lineNumber }: ProfileNode['callFrame']): string {
  if (url.includes('node_modules/')) {
    const tail = url.slice(url.lastIndexOf('node_modules/') + 13).split('/');
    return tail.slice(0, tail[0].startsWith('@') ? 2 : 1).join('/');
  }
  const local = url.replace(/^file:\/\/.*?\/(server|contract|tests)\//, '$1/');
  return local === url ? url : `${local}:${lineNumber + 1}`;
}

/** A self-time entry's kind: the floor's own work (SM2, argon2, SQLite), a package, the portal's code, Node. */
function categoryOf(key: string): string {
  if (/^(computeSecret|ECDHConvertKey|convertKey|dhComputeSecret) |sm2Native/.test(key)) return 'SM2 (OpenSSL and sm2Native)';
  if (/^VerifyTask /.test(key)) return 'argon2 (the task handed to the pool)';
  if (/^(all|run|get|iterate) .*<- /.test(key)) return 'SQLite (better-sqlite3 statements)';
  if (/^\((garbage collector|program)\)/.test(key)) return key.split(' ')[0];
  const where = key.split(' <- ')[0].split(' ').slice(1).join(' ');
  if (where.startsWith('server/') || where.startsWith('contract/') || where.startsWith('tests/')) return 'portal code (server/, contract/)';
  if (where && !where.startsWith('node:') && !where.includes('/')) return where;
  return 'Node (internals, natives)';
}

/**
 * Self-time by function, µs per call: a native without a script (SQLite's run, OpenSSL's
 * computeSecret) is named with the nearest caller that has one. Then time on the stack (inclusive)
 * per portal file, each file counted once a sample.
 */
function rank(profile: Profile, calls: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const groups = new Map<string, number>();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i])!;
    const us = profile.timeDeltas[i] ?? 0;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)' || (functionName === 'dispatch' && !url)) continue;
    busy += us;
    let key = `${functionName || '(anonymous)'} ${whereOf(node.callFrame)}`;
    let up = parent.get(node.id);
    if (!url || url.startsWith('node:')) {
      const outside = (id: number) => { const u = byId.get(id)!.callFrame.url; return !!u && !u.startsWith('node:'); };
      while (up !== undefined && !outside(up)) up = parent.get(up);
      if (up !== undefined) key += ` <- ${byId.get(up)!.callFrame.functionName || '(anonymous)'} ${whereOf(byId.get(up)!.callFrame)}`;
    }
    self.set(key, (self.get(key) ?? 0) + us);
    const group = categoryOf(key);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const files = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const where = whereOf(byId.get(id)!.callFrame);
      if (where.startsWith('server/') || where.startsWith('contract/')) files.add(`${byId.get(id)!.callFrame.functionName} ${where.split(':')[0]}`);
    }
    for (const f of files) inclusive.set(f, (inclusive.get(f) ?? 0) + us);
  }
  const fmt = ([k, us]: [string, number]) => `  ${(us / calls).toFixed(1).padStart(7)} µs ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${k}`;
  return [
    `profile: ${(busy / calls).toFixed(0)} µs busy sampled per call; by function (self):`,
    ...[...self].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(fmt),
    'by kind (self):',
    ...[...groups].sort((a, b) => b[1] - a[1]).map(fmt),
    'portal functions, on the stack (inclusive):',
    ...[...inclusive].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(fmt),
  ];
}

function merge(profiles: Profile[]): Profile {
  const merged: Profile = { nodes: [], startTime: 0, endTime: 0, samples: [], timeDeltas: [] };
  let offset = 0;
  for (const p of profiles) {
    const max = Math.max(...p.nodes.map((n) => n.id));
    merged.nodes.push(...p.nodes.map((n) => ({ ...n, id: n.id + offset, children: n.children?.map((c) => c + offset) })));
    merged.samples.push(...p.samples.map((s) => s + offset));
    merged.timeDeltas.push(...p.timeDeltas);
    offset += max + 1;
  }
  return merged;
}

async function measure(store: string, databaseUrl: string): Promise<void> {
  const app = await buildApp({ config: readConfig({ IDAAS_MODE: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', LOGIN_IP_FAILURES_PER_HOUR: '1000000' }, { staticDir: null }) });
  const bare = Fastify();
  await floorSignIn(bare, app.store);
  await bare.ready();
  try {
    const { pubX, pubY } = (await app.inject({ method: 'GET', url: '/idaas/auth/v1/sm2_key' })).json().data;
    const encrypt = sm2Encryptor(`04${pubX}${pubY}`);
    const floorKey = (await bare.inject({ method: 'GET', url: '/floor-sign-in/key' })).json().publicKey as string;
    const encryptFloor = sm2Encryptor(floorKey.startsWith('04') ? floorKey : `04${floorKey}`);
    let turn = 0;
    const portalBodies = (n: number) => Array.from({ length: n }, () => {
      const account = ACCOUNTS[turn++ % ACCOUNTS.length];
      return { userId: encrypt(account), password: encrypt(PASSWORD), deviceId: 'bench', deviceName: 'Chrome', loginType: 'ACCOUNT' };
    });
    const floorBodies = (n: number) => Array.from({ length: n }, () => ({ userId: encryptFloor('lisi'), password: encryptFloor(FLOOR_PASSWORD) }));
    const portal = async (payload: object) => {
      const res = await app.inject({
        method: 'POST', url: '/idaas/auth/v1/login-check', remoteAddress: '127.0.0.1',
        headers: { 'x-client-id': 'idaas-portal-test', 'content-type': 'application/json' }, payload,
      });
      const body = res.json();
      if (body.code !== 'D00000' || body.data.secondAuth) throw new Error(res.body);
    };
    const floor = async (payload: object) => {
      const res = await bare.inject({ method: 'POST', url: '/floor-sign-in', remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/json' }, payload });
      if (res.json().code !== 'D00000') throw new Error(res.body);
    };
    // Warm-up: profiles, networks and devices learnt; both routes compiled.
    for (const b of portalBodies(2 * ACCOUNTS.length)) await portal(b);
    for (const b of floorBodies(50)) await floor(b);
    const portalUs: number[] = [];
    const floorUs: number[] = [];
    const profiling = !!process.env.PROFILE;
    if (profiling) {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 100 });
    }
    const profiles: Profile[] = [];
    const floorProfiles: Profile[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const pb = portalBodies(SIGN_INS);
      if (profiling) await post('Profiler.start');
      let t = mainThreadMicros();
      for (const b of pb) await portal(b);
      portalUs.push((mainThreadMicros() - t) / SIGN_INS);
      if (profiling) profiles.push((await post<{ profile: Profile }>('Profiler.stop')).profile);
      const fb = floorBodies(SIGN_INS);
      if (profiling) await post('Profiler.start');
      t = mainThreadMicros();
      for (const b of fb) await floor(b);
      floorUs.push((mainThreadMicros() - t) / SIGN_INS);
      if (profiling) floorProfiles.push((await post<{ profile: Profile }>('Profiler.stop')).profile);
    }
    const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    const range = (a: number[]) => `${Math.min(...a).toFixed(0)}–${Math.max(...a).toFixed(0)}`;
    console.log(`${store}: JavaScript thread per sign-in: portal ${med(portalUs).toFixed(0)} µs (${range(portalUs)}), floor ${med(floorUs).toFixed(0)} µs (${range(floorUs)}); ${ROUNDS} rounds × ${SIGN_INS}`);
    if (profiling) {
      console.log('portal —');
      for (const line of rank(merge(profiles), SIGN_INS * ROUNDS)) console.log(line);
      console.log('floor —');
      for (const line of rank(merge(floorProfiles), SIGN_INS * ROUNDS).slice(0, 16)) console.log(line);
    }
  } finally {
    await bare.close();
    await app.close();
  }
}

await onEachStore('signin-profile', measure);
