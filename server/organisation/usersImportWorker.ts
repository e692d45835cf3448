import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Lang } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';
import type { Department } from './departmentsRepository.js';
import { BodyRefusal, IMPORT_BATCH_ROWS, checkRows, readUpload, type GoodRow, type Taken } from './usersImportRows.js';

/**
 * The worker thread that reads import uploads (usersImportPool.ts starts it through
 * usersImportWorker.boot.mjs): the JSON body, the CSV and every check of its rows run here, one
 * upload at a time, so the event loop that answers everyone else only sends bytes in and a small
 * answer out. Which accounts and numbers are taken is asked of the main thread (it owns the store).
 */

/** What the pool sends for one upload: the bytes (transferred, not copied) and a port of its own. */
export interface UploadJob {
  kind: 'check' | 'start';
  body: Uint8Array;
  departments: Department[];
  /** The departments a delegated administrator's rows may name (null: any). */
  reach: number[] | null;
  /** The language of the refused rows' reasons (the dry run's file). */
  lang: Lang;
  port: MessagePort;
}

/**
 * The worker's side of a job's port. Lists of accounts and numbers travel as one newline-joined
 * string, and the store's answer as one JSON text (a copy of one string, not of 100,000 values).
 * `checkJson` is the dry run's whole answer (empty for a real run).
 */
export type WorkerMessage =
  | { type: 'lookup'; accounts: string; mobiles: string }
  | { type: 'done'; total: number; valid: number; errorsJson: string; good: string[]; checkJson: string }
  | { type: 'refused'; code: AppError['code']; params: Record<string, string | number> }
  | { type: 'invalid'; message: string; issues: { path: PropertyKey[]; message: string }[] }
  | { type: 'failed'; message: string };
/** The store's answer: JSON of [account, person] pairs and of [number, account] pairs. */
export type PoolMessage = { type: 'taken'; accounts: string; mobiles: string };

function askTaken(port: MessagePort, accounts: string[], mobiles: string[]): Promise<Taken> {
  return new Promise((resolve) => {
    port.once('message', (answer: PoolMessage) => resolve({ accounts: new Map(JSON.parse(answer.accounts)), mobiles: new Map(JSON.parse(answer.mobiles)) }));
    port.postMessage({ type: 'lookup', accounts: accounts.join('\n'), mobiles: mobiles.join('\n') } satisfies WorkerMessage);
  });
}

function chunked(rows: GoodRow[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_BATCH_ROWS) out.push(JSON.stringify(rows.slice(i, i + IMPORT_BATCH_ROWS)));
  return out;
}

async function handle({ kind, body, departments, reach, lang, port }: UploadJob): Promise<void> {
  let answer: WorkerMessage;
  try {
    const csv = readUpload(body);
    const lookup = kind === 'check' ? (accounts: string[], mobiles: string[]) => askTaken(port, accounts, mobiles) : null;
    const { good, ...checked } = await checkRows(csv, departments, lookup, kind === 'start', lang, reach);
    const errorsJson = JSON.stringify(checked.errors);
    answer = { type: 'done', total: checked.total, valid: checked.valid, errorsJson, good: chunked(good), checkJson: kind === 'check' ? JSON.stringify(checked) : '' };
  } catch (error) {
    answer = error instanceof AppError ? { type: 'refused', code: error.code, params: error.params }
      : error instanceof BodyRefusal ? { type: 'invalid', message: error.message, issues: error.issues }
      : { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
  port.close();
}

let queue = Promise.resolve();
parentPort?.on('message', (job: UploadJob) => {
  queue = queue.then(() => handle(job));
});
