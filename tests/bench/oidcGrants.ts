/**
 * The OIDC code exchange and refresh grant (DESIGN.md §8: ≥ 70 % of a standalone oidc-provider)
 * compared in ONE process, by CPU: the portal through app.inject (its Fastify routes, hooks and
 * middie mount, as tests/bench/oidcCost.ts drives it) and the floor provider of oidcFloor.ts (same
 * version, memory adapter, the same client setup) through its Koa callback with the same inject
 * (light-my-request, what app.inject is built on). No sockets and no load generator: on a shared
 * two-core machine the CPU of many calls in one process moves much less than rates do.
 *
 *   npx tsx tests/bench/oidcGrants.ts                      # SQLite in a temporary file
 *   DATABASE_URL='postgres://postgres@127.0.0.1:5432/test?schema=<fresh>' npx tsx tests/bench/oidcGrants.ts
 *
 * Each round spends OIDC_GRANTS_N (200) codes on each side, then the refresh tokens those
 * exchanges issued, in blocks of OIDC_GRANTS_BLOCK (20) grants, portal and floor in turn (which
 * goes first alternates), so both meet the same machine; OIDC_GRANTS_ROUNDS (5) rounds, median
 * and range of µs per grant (process.cpuUsage: every thread of the process, so the thread pool's
 * share of signing counts for both). OIDC_GRANTS_PROFILE=dir then writes a CPU profile and a
 * sampled allocation profile (node:inspector) of OIDC_GRANTS_PROFILE_N (200) more exchanges and
 * refreshes on each side, to diff where the portal's extra time goes, and prints the bytes each
 * side allocates a grant (the profiler inflates that pass's CPU; its bytes are steady from run to
 * run). The SMS outbox poller is off (it is no part of a grant); the portal's other timers
 * (sweeps) run in this process and land in whichever side's block they fall in.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import inject from 'light-my-request';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';
import { BASE, REDIRECT, signedInBrowser } from './oidcBrowser.js';
import { FLOOR_CLIENT, floorProvider } from './oidcFloor.js';
import { dropSchemaOf } from './postgres.js';

const N = Number(process.env.OIDC_GRANTS_N ?? 200);
const ROUNDS = Number(process.env.OIDC_GRANTS_ROUNDS ?? 5);
const BLOCK = Number(process.env.OIDC_GRANTS_BLOCK ?? 20);
const PROFILE_N = Number(process.env.OIDC_GRANTS_PROFILE_N ?? 200);
const PROFILE_DIR = process.env.OIDC_GRANTS_PROFILE;
/** µs between CPU samples: the inspector's 1,000 leave a few hundred samples to a few hundred grants. */
const PROFILE_INTERVAL = Number(process.env.OIDC_GRANTS_PROFILE_INTERVAL ?? 100);
/** Allocation sampling every 1 KB costs CPU of its own, charged to whatever allocates: off for a CPU-only profile. */
const HEAP = process.env.OIDC_GRANTS_HEAP !== '0';

type Tokens = { access_token: string; refresh_token: string };
type Dispatch = (options: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }) => Promise<{ statusCode: number; body: string }>;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A side's token endpoint: the same form bodies and Basic authentication for both. */
function tokenEndpoint(dispatch: Dispatch, url: string, authorization: string, verifier: string) {
  const token = async (form: Record<string, string>, what: string): Promise<Tokens> => {
    const res = await dispatch({ method: 'POST', url, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', authorization } });
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as Tokens;
  };
  return {
    exchange: (code: string) => token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier }, 'exchange'),
    refresh: (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'refresh'),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-oidc-grants-'));
  const databaseUrl = process.env.DATABASE_URL ?? `file:${join(dir, 'grants.db')}`;
  const config = readConfig({ ...process.env, IDAAS_MODE: 'test', SMS_WORKER_INTERVAL_MS: '0', DATABASE_URL: databaseUrl, PUBLIC_URL: BASE }, { staticDir: null });
  const app = await buildApp({ config });
  await app.ready();
  try {
    // The portal: lisi signed in, codes from her browser's authorisations (no page: demo-rp is first-party).
    const { verifier, challenge, code: portalCode } = await signedInBrowser(app);
    const portal = {
      name: 'portal',
      ...tokenEndpoint((o) => app.inject(o), '/oidc/token', basic('demo-rp', 'demo-rp-secret'), verifier),
      codes: async (n: number) => { const made: string[] = []; for (let i = 0; i < n; i++) made.push(await portalCode()); return made; },
    };

    // The floor: the same provider version in this process, its codes minted through its own models.
    const floor = await floorProvider(REDIRECT);
    const callback = floor.provider.callback();
    const floorSide = {
      name: 'floor',
      ...tokenEndpoint((o) => inject(callback, o), '/token', basic(FLOOR_CLIENT.id, FLOOR_CLIENT.secret), verifier),
      codes: async (n: number) => (await floor.mint({ codes: n, refreshTokens: 0, redirectUri: REDIRECT, codeChallenge: challenge })).codes,
    };
    type Side = typeof portal;

    // Warm-up: compiled paths, reusable queries, caches as a running server has them.
    for (const side of [portal, floorSide]) {
      for (const code of await side.codes(50)) await side.refresh((await side.exchange(code)).refresh_token);
    }

    const inspector = PROFILE_DIR ? new Session() : null;
    inspector?.connect();
    /** CPU µs per call of `run` over `inputs`, profiled when asked. */
    const cpu = async <T>(label: string | null, inputs: string[], run: (input: string) => Promise<T>): Promise<{ micros: number; results: T[] }> => {
      const results: T[] = [];
      if (inspector && label) {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL });
        await inspector.post('Profiler.start');
        // Every allocation sampled, collected or not: bytes per grant move far less than CPU on a busy machine.
        if (HEAP) await inspector.post('HeapProfiler.enable');
        if (HEAP) await inspector.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as never);
      }
      const before = process.cpuUsage();
      for (const input of inputs) results.push(await run(input));
      const { user, system } = process.cpuUsage(before);
      if (inspector && label && HEAP) {
        const { profile: heap } = await inspector.post('HeapProfiler.stopSampling');
        writeFileSync(join(PROFILE_DIR!, `${label}.heapprofile`), JSON.stringify(heap));
        type Node = { selfSize: number; children: Node[] };
        const bytes = (node: Node): number => node.children.reduce((sum, child) => sum + bytes(child), node.selfSize);
        console.log(`${label}: ${Math.round(bytes(heap.head as Node) / inputs.length / 1024)} KB allocated a grant (sampled every 1 KB)`);
      }
      if (inspector && label) {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(join(PROFILE_DIR!, `${label}.cpuprofile`), JSON.stringify(profile));
      }
      return { micros: (user + system) / inputs.length, results };
    };

    const figures: Record<string, number[]> = {};
    const record = (key: string, micros: number) => (figures[key] ??= []).push(micros);
    for (let round = 0; round < ROUNDS; round++) {
      // Blocks of BLOCK grants, portal and floor in turn, so that both meet the same machine (a
      // shared one's speed moves within seconds). Codes are made per block, unmeasured: the
      // portal's live 60 s, and a busy PostgreSQL makes a few a second.
      let refreshTokens = new Map<Side, string[]>();
      for (const grant of ['exchange', 'refresh'] as const) {
        const cpuOf = new Map<Side, number>([[portal, 0], [floorSide, 0]]);
        const next = new Map<Side, string[]>([[portal, []], [floorSide, []]]);
        for (let at = 0; at < N; at += BLOCK) {
          const order: Side[] = (at / BLOCK + round) % 2 === 0 ? [portal, floorSide] : [floorSide, portal];
          const inputs = new Map<Side, string[]>();
          for (const side of order) inputs.set(side, grant === 'exchange' ? await side.codes(Math.min(BLOCK, N - at)) : refreshTokens.get(side)!.slice(at, at + BLOCK));
          for (const side of order) {
            const { micros, results } = await cpu(null, inputs.get(side)!, grant === 'exchange' ? side.exchange : side.refresh);
            cpuOf.set(side, cpuOf.get(side)! + micros * inputs.get(side)!.length);
            next.get(side)!.push(...results.map((t) => t.refresh_token));
          }
        }
        for (const side of [portal, floorSide]) record(`${side.name} ${grant}`, cpuOf.get(side)! / N);
        refreshTokens = next;
      }
      console.log(`round ${round + 1}: ${Object.entries(figures).map(([k, v]) => `${k} ${Math.round(v[round])}`).join(', ')} µs`);
    }
    if (inspector) {
      // Profiled apart from the rounds (a profiler's start and stop per block would swamp them),
      // PROFILE_N of each, one side after the other; its codes are all made first, so they must
      // be made within their 60 s.
      for (const side of [portal, floorSide]) {
        const { results } = await cpu(`${side.name}-exchange`, await side.codes(PROFILE_N), side.exchange);
        await cpu(`${side.name}-refresh`, results.map((t) => t.refresh_token), side.refresh);
      }
    }
    const line = (key: string) => `${Math.round(median(figures[key]))} µs (${Math.round(Math.min(...figures[key]))}–${Math.round(Math.max(...figures[key]))})`;
    for (const grant of ['exchange', 'refresh']) {
      const ours = median(figures[`portal ${grant}`]);
      const theirs = median(figures[`floor ${grant}`]);
      const ratios = figures[`portal ${grant}`].map((p, i) => figures[`floor ${grant}`][i] / p);
      console.log(`${grant}: portal ${line(`portal ${grant}`)}, floor ${line(`floor ${grant}`)}; floor/portal ${Math.round((100 * theirs) / ours)} % (rounds ${Math.round(100 * Math.min(...ratios))}–${Math.round(100 * Math.max(...ratios))} %)`);
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
    await dropSchemaOf(databaseUrl);
  }
}

main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
