/**
 * The load generator of tests/bench/run.ts, in a process of its own so that it never shares an
 * event loop with the server it measures or with the orchestrator. It takes one job over IPC —
 * scenarios that run at the same time — and answers each scenario's throughput and exact latency
 * percentiles from every response's time (not autocannon's p97.5 buckets), plus a running count
 * of answered requests every second (the soak mode reads memory against it).
 */
import autocannon from 'autocannon';
import { sm2Encryptor } from '../support/sm2Encrypt.js';
import { openLoop, type OpenLoopJob, type OpenLoopResult } from './openLoop.js';

export interface Scenario {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  /**
   * Each request a fresh password sign-in (SM2 ciphertexts are single-use), taking the accounts
   * in turn: attempts in flight on one account count towards its captcha threshold, as they
   * should. `prepared` bodies are made before the clock starts, more on the fly if they run out.
   */
  signIn?: { accounts: string[]; password: string; publicKey: string; deviceId: string; prepared: number };
}

export interface Job {
  seconds: number;
  /** Load before the clock starts, answers not counted: compiled code paths, warm caches and pools. */
  warmupSeconds?: number;
  scenarios: Scenario[];
}

export interface Latency {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ScenarioResult {
  name: string;
  requests: number;
  perSecond: number;
  latency: Latency;
  /** Answers with status ≥ 400, a refusal code in the envelope, or a connection error/timeout. */
  failures: number;
  /** The status and code of the first failed answer, to say why. */
  firstFailure?: string;
  /** Answered during the warm-up (not in the numbers above; the server's CPU time covers both). */
  warmupRequests: number;
}

export type LoadMessage = { type: 'progress'; answered: number } | { type: 'done'; results: ScenarioResult[] } | { type: 'open-loop'; result: OpenLoopResult };

/** Response times kept as they come; sorted once at the end, so percentiles are exact. */
class Recorder {
  private values = new Float64Array(1 << 16);
  count = 0;
  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }
  summary(): Latency {
    const sorted = this.values.slice(0, this.count).sort();
    const at = (q: number) => (this.count ? Number(sorted[Math.min(this.count - 1, Math.ceil(q * this.count) - 1)].toFixed(2)) : 0);
    let sum = 0;
    for (const v of sorted) sum += v;
    return { mean: this.count ? Number((sum / this.count).toFixed(2)) : 0, p50: at(0.5), p90: at(0.9), p95: at(0.95), p99: at(0.99), max: at(1) };
  }
}

/** A JSON envelope's success, read without parsing the whole body. */
const succeeded = (body: string) => !body.startsWith('{') || body.includes('"code":"D00000"');

/** The request maker of a scenario, its sign-in bodies made already. */
function prepare(scenario: Scenario): autocannon.Request['setupRequest'] | undefined {
  if (scenario.signIn) {
    const { accounts, password, publicKey, deviceId, prepared } = scenario.signIn;
    const encrypt = sm2Encryptor(publicKey);
    let turn = 0;
    const make = () => JSON.stringify({ userId: encrypt(accounts[turn++ % accounts.length]), password: encrypt(password), deviceId, deviceName: 'Chrome' });
    const bodies = Array.from({ length: prepared }, make);
    return (req) => ({ ...req, body: bodies.pop() ?? make() });
  }
  return undefined;
}

function runScenario(scenario: Scenario, setupRequest: autocannon.Request['setupRequest'] | undefined, seconds: number, onAnswer: () => void): Promise<ScenarioResult> {
  const recorder = new Recorder();
  let failures = 0;
  let firstFailure: string | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon({
      url: scenario.url, method: scenario.method, headers: scenario.headers, body: setupRequest ? undefined : scenario.body, connections: scenario.connections, duration: seconds,
      requests: [{
        ...(setupRequest ? { setupRequest } : {}),
        onResponse: (status: number, responseBody: string) => {
          if (status < 400 && succeeded(responseBody)) return;
          failures++;
          firstFailure ??= `${status} ${/"code":"(\w+)"/.exec(responseBody)?.[1] ?? ''}`.trim();
        },
      }],
    }, (err, result) => {
      if (err) return reject(err);
      const requests = recorder.count;
      resolve({ name: scenario.name, requests, perSecond: Number((requests / result.duration).toFixed(1)), latency: recorder.summary(), failures: failures + result.errors + result.timeouts, firstFailure, warmupRequests: 0 });
    });
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      recorder.add(responseTime);
      onAnswer();
    });
  });
}

if (process.send) {
  process.once('message', async (job: Job | { openLoop: OpenLoopJob }) => {
    if ('openLoop' in job) {
      const result = await openLoop(job.openLoop);
      process.send!({ type: 'open-loop', result } satisfies LoadMessage, () => process.exit(0));
      return;
    }
    let answered = 0;
    const makers = job.scenarios.map(prepare);
    const warm = job.warmupSeconds ? await Promise.all(job.scenarios.map((s, i) => runScenario(s, makers[i], job.warmupSeconds!, () => {}))) : [];
    // Counted from the start of the load, after the bodies are made.
    const ticker = setInterval(() => process.send!({ type: 'progress', answered } satisfies LoadMessage), 1000);
    const results = (await Promise.all(job.scenarios.map((s, i) => runScenario(s, makers[i], job.seconds, () => answered++))))
      .map((r, i) => ({ ...r, warmupRequests: warm[i]?.requests ?? 0 }));
    clearInterval(ticker);
    process.send!({ type: 'done', results } satisfies LoadMessage, () => process.exit(0));
  });
}
