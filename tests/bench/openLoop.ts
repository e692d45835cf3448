/**
 * Open-loop load (DESIGN.md §8's list latency): requests leave on a fixed schedule whatever the
 * answers are doing, and each one's time is counted from when it was due, not from when it was
 * sent — a server that stalls makes the queue of late requests count against it (no coordinated
 * omission), which a closed loop of N connections hides.
 */
import http from 'node:http';

export interface OpenLoopRequest {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** POST with this body; none: GET. */
  body?: string;
}

export interface OpenLoopJob {
  ratePerSecond: number;
  seconds: number;
  warmupSeconds: number;
  requests: OpenLoopRequest[];
}

export interface OpenLoopResult {
  /** Requests sent, the warm-up's included (what the server's CPU time covers). */
  sent: number;
  offered: number;
  answered: number;
  failures: number;
  firstFailure?: string;
  /** Milliseconds from each request's due time to its whole answer, every request counted. */
  latencies: number[];
  byName: Record<string, number[]>;
}

export async function openLoop(job: OpenLoopJob): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / job.ratePerSecond;
  const total = Math.round(job.ratePerSecond * (job.seconds + job.warmupSeconds));
  const warmup = Math.round(job.ratePerSecond * job.warmupSeconds);
  const result: OpenLoopResult = { sent: total, offered: total - warmup, answered: 0, failures: 0, latencies: [], byName: {} };
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const target = job.requests[i % job.requests.length];
    pending.push(send(agent, target).then(({ status, body }) => {
      if (i < warmup) return;
      const ms = performance.now() - due;
      result.answered++;
      result.latencies.push(ms);
      (result.byName[target.name] ??= []).push(ms);
      // An envelope says its own success; a protocol answer (userinfo) only by its status.
      if (status >= 400 || (body.startsWith('{"code"') && !body.includes('"code":"D00000"'))) {
        result.failures++;
        result.firstFailure ??= `${target.name}: ${status} ${/"code":"(\w+)"/.exec(body)?.[1] ?? ''}`;
      }
    }, (error: Error) => {
      if (i < warmup) return;
      result.failures++;
      result.firstFailure ??= `${target.name}: ${error.message}`;
    }));
  }
  await Promise.all(pending);
  agent.destroy();
  return result;
}

function send(agent: http.Agent, target: OpenLoopRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const post = target.body !== undefined;
    const headers = post ? { ...target.headers, 'content-length': Buffer.byteLength(target.body!) } : target.headers;
    const req = http.request(target.url, { method: post ? 'POST' : 'GET', agent, headers, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(target.body);
  });
}

/** The q-quantile of unsorted times (exact: every time kept). */
export function quantile(values: number[], q: number): number {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].toFixed(2));
}
