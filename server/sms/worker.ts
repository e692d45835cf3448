import type { SmsGateway } from './gateway.js';
import { metrics } from '../platform/ops/metrics.js';
import { loopFailures } from '../platform/ops/loopFailures.js';
import type { ServiceContext } from '../composition/context.js';
import type { SmsBudgetService } from './budget.js';

/** How long a claimed text is this worker's before another instance may take it over. */
const LEASE_MS = 60_000;

/**
 * Drains the SMS outbox: claims due texts one at a time (any instance may run it), hands them
 * to the gateway, retries with backoff, and after the last attempt gives the sender's quota
 * back. A failure rests the gateway for a while, so sends are refused (E10808) rather than
 * charged for texts that cannot leave.
 */
export function smsWorker(ctx: ServiceContext, deps: { gateway: SmsGateway; budget: SmsBudgetService }) {
  const repo = ctx.repos.smsOutbox;
  const { deliveryAttempts, gatewayCooldownSeconds, workerIntervalMs } = ctx.config.sms;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const failures = loopFailures('SMS outbox');

  async function deliverOne(): Promise<boolean> {
    const now = ctx.clock.now();
    const row = await repo.claim(now, now + LEASE_MS);
    if (!row) return false;
    try {
      await deps.gateway.send({ mobileNo: row.mobileNo, purpose: row.purpose, content: row.content });
      await repo.delivered(row.id, deps.gateway.keepsContent);
      metrics.smsDelivery('sent');
      if (row.attempts > 0) await deps.budget.recovered();
    } catch (error) {
      const attempts = row.attempts + 1;
      metrics.gatewayFailure();
      const failedAt = ctx.clock.now();
      console.error(`SMS delivery attempt ${attempts} failed:`, error instanceof Error ? error.message : 'unknown error');
      await deps.budget.rest(failedAt + gatewayCooldownSeconds * 1000);
      if (attempts >= deliveryAttempts) {
        await repo.failed(row.id, attempts);
        metrics.smsDelivery('failed');
        await deps.budget.giveBack(row.charges);
      } else {
        await repo.retryAt(row.id, attempts, failedAt + 2 ** attempts * 1000);
        metrics.smsDelivery('retry');
      }
    }
    return true;
  }

  async function drain(): Promise<number> {
    let handled = 0;
    do {
      again = false;
      while (await deliverOne()) handled++;
    } while (again);
    return handled;
  }

  /** Runs one drain at a time in this process; a kick during a drain makes it look once more. */
  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => { running = null; });
    return running;
  }

  return {
    /** Delivers everything due now; resolves with how many texts were handled. */
    deliverDue: run,
    /** A text was queued: deliver soon, without making the request wait. */
    kick(): void {
      if (stopped) return;
      run().then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
    },
    start(): void {
      if (workerIntervalMs > 0 && !timer) timer = setInterval(() => this.kick(), workerIntervalMs).unref();
    },
    /** Stops polling and waits for the drain in progress. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

export type SmsWorker = ReturnType<typeof smsWorker>;
