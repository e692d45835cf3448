import type { NewSession } from '../sessions/repository.js';
import type { NewLoginEntry } from '../audit/loginHistoryRepository.js';

/** Everything a sign-in leaves once its session opens. */
export interface SessionOpening {
  session: NewSession;
  /** The device it was made on (none: the browser reported none and is not being trusted). */
  device: { deviceId: string; deviceName: string | null; ip: string; now: number; trust: { hash: string; until: number } | null } | null;
  /** A network the person is known on from now (none: known recently enough already, or not judged). */
  network: { prefix: string; now: number } | null;
  /** The hour of day the sign-in counts in, with the histogram as its judgement read it (none: not judged). */
  hour: { hour: number; known: number[] } | null;
  /** The sign-in's log row (none: the sign-in method writes its own). */
  history: NewLoginEntry | null;
  /** The credential check's budgets to settle with the session (LimitCountersRepo.settle; none: settled already or nothing to settle). */
  settlement?: { given: string; cleared: string; now: number } | null;
}
