import { CODE } from '../../../contract/codes.js';
import { AppError } from '../../platform/lib/errors.js';
import { loopFailures } from '../../platform/ops/loopFailures.js';
import type { Caller } from '../../composition/context.js';
import type { DirectorySyncService } from './syncService.js';

const SCHEDULE_CALLER: Caller = { ip: 'schedule', userAgent: 'idaas-directory-sync', deviceId: null, deviceName: null, trustTokens: {} };

/**
 * Every DIRECTORY_SYNC_MINUTES each instance offers to run an incremental sync; the lease lets one
 * of them run it and the others' offers answer "busy", which is not a failure. 0 switches it off.
 */
export function directorySchedule(service: DirectorySyncService, minutes: number, enabled: boolean) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const failures = loopFailures('directory sync');
  const tick = () => {
    if (running) return;
    running = service.sync({ dryRun: false, trigger: 'schedule', actorRef: null, mode: 'incremental', caller: SCHEDULE_CALLER })
      .then(() => failures.succeeded(), (error: unknown) => {
        if (error instanceof AppError && error.code === CODE.directorySyncBusy) return;
        failures.failed(error);
      })
      .finally(() => { running = null; });
  };
  return {
    start(): void {
      if (!enabled || minutes <= 0 || timer) return;
      timer = setInterval(tick, minutes * 60_000).unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
