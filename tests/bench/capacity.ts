/**
 * Capacity against a floor (DESIGN.md §8) for routes far cheaper than what drives them: the
 * server's CPU per request with the route and its floor each offered the same constant load
 * (openLoop.ts), in turn, a few short rounds, judged by the median round. A closed loop that
 * saturates a floor of tens of microseconds measures the load generator on two cores, and a
 * saturated server batches its socket work where a route at a tenth of the rate does not; a
 * shared machine's other work moves any single measurement by more than a budget's margin.
 */
import { openLoop, quantile, type OpenLoopJob, type OpenLoopRequest, type OpenLoopResult } from './openLoop.js';

export interface Verdict {
  label: string;
  value: string;
  budget: string;
  pass: boolean;
}

/** The constant load both are offered (requests/s): well under either's saturation here. */
export const EQUAL_RATE = Number(process.env.BENCH_EQUAL_RATE ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Seconds of load before a measurement's clock starts (compiled paths, warm caches and pools). */
export const warmupFor = (seconds: number): number => Math.min(2, Math.max(1, Math.round(seconds / 4)));

export interface Target {
  request: OpenLoopRequest;
  /** The server's CPU time so far, in microseconds (all its threads). */
  cpuMicros: () => Promise<number>;
}

/** Runs an open-loop job somewhere (in this process, or a load generator of its own). */
export type OpenLoad = (job: OpenLoopJob) => Promise<OpenLoopResult>;

interface Round {
  route: number;
  floor: number;
  p95: number;
  failures: number;
  firstFailure?: string;
}

async function cpuPerRequest(target: Target, seconds: number, warmupSeconds: number, load: OpenLoad) {
  const before = await target.cpuMicros();
  const result = await load({ ratePerSecond: EQUAL_RATE, seconds, warmupSeconds, requests: [target.request] });
  const used = (await target.cpuMicros()) - before;
  return { cpu: Math.round(used / Math.max(1, result.sent)), p95: quantile(result.latencies, 0.95), failures: result.failures, firstFailure: result.firstFailure };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** Floor and route in turn, ROUNDS times; the verdict is the median round's floor/route CPU ratio. */
export async function capacityVerdict(label: string, route: Target, floor: Target, budget: number, seconds: number, load: OpenLoad = openLoop): Promise<Verdict & { rounds: Round[] }> {
  const warmup = warmupFor(seconds);
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const f = await cpuPerRequest(floor, seconds, warmup, load);
    const r = await cpuPerRequest(route, seconds, warmup, load);
    rounds.push({ route: r.cpu, floor: f.cpu, p95: r.p95, failures: r.failures + f.failures, firstFailure: r.firstFailure ?? f.firstFailure });
  }
  const ratio = median(rounds.map((r) => r.floor / Math.max(1, r.route)));
  const failures = rounds.reduce((n, r) => n + r.failures, 0);
  const verdict = {
    label: `${label} (capacity)`,
    value: `${(ratio * 100).toFixed(0)}% (rounds ${rounds.map((r) => `${r.route}/${r.floor}`).join(', ')} µs), p95 ${median(rounds.map((r) => r.p95))} ms${failures ? `, ${failures} failed (${rounds.find((r) => r.firstFailure)?.firstFailure})` : ''}`,
    budget: `>= ${budget * 100}%`,
    pass: ratio >= budget && !failures,
    rounds,
  };
  console.log(`${verdict.pass ? 'PASS' : 'FAIL'}  ${verdict.label.padEnd(44)} ${verdict.value.padEnd(46)} budget ${verdict.budget}`);
  return verdict;
}
