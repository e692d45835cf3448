import type { AuditTrailService } from '../../audit/trail/service.js';
import { loopFailures } from './loopFailures.js';

/**
 * Looks every `checkSeconds` whether a checkpoint of the audit chain is due (enough records, or
 * the oldest unchecked one old enough) and writes it; each instance looks, the unique range
 * index lets one write it. 0: only when asked (`run()`), as tests do.
 */
export function auditCheckpointJob(trail: AuditTrailService, checkSeconds: number) {
  let timer: NodeJS.Timeout | null = null;
  // One round at a time in this instance: a round asked for while one runs follows it.
  let queue: Promise<unknown> = Promise.resolve();
  const run = (force = false) => {
    const next = queue.then(() => trail.checkpoint(force));
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    run,
    start(): void {
      if (checkSeconds <= 0 || timer) return;
      const failures = loopFailures('audit checkpoints');
      timer = setInterval(() => {
        run().then(() => failures.succeeded(), (error: unknown) => failures.failed(error));
      }, checkSeconds * 1000).unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await queue;
    },
  };
}

export type AuditCheckpointJob = ReturnType<typeof auditCheckpointJob>;
