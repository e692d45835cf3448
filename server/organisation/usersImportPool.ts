import { MessageChannel, Worker } from 'node:worker_threads';
import type { Lang } from '../../contract/codes.js';
import type { Department } from './departmentsRepository.js';
import type { ImportedFields } from './usersImportDiff.js';
import type { PoolMessage, UploadJob, WorkerMessage } from './usersImportWorker.js';

/** What a worker answers for an upload (see WorkerMessage): the counts, the refusals as JSON, the good rows as JSON chunks; or why the file or body is refused. */
export type UploadOutcome = Extract<WorkerMessage, { type: 'done' | 'refused' | 'invalid' }>;

/** Which of these accounts and numbers the store holds (asked in batches on the main thread): each account's person, each number's account. */
export type StoreLookup = (accounts: string[], mobiles: string[]) => Promise<{ accounts: Iterable<[string, ImportedFields]>; mobiles: Iterable<[string, string]> }>;

const ENTRY = new URL('./usersImportWorker.boot.mjs', import.meta.url);
/** A worker left idle this long ends. */
const IDLE_MS = 30_000;
/**
 * After an upload this large a worker is replaced by a fresh one (started in the background): V8
 * keeps the heap a 10 MB file grew (~140 MB) while the worker idles, and a worker does not shrink it.
 */
const RECYCLE_BYTES = 1024 * 1024;

/**
 * The instance's import uploads: at most `max` at once (`enter`; the rest are answered "busy"),
 * each read by a worker thread of a small pool (at most `max` kept, started on first use).
 */
export function usersImportPool(max: number) {
  let running = 0;
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const all = new Set<Worker>();
  let closed = false;

  function spawn(): Worker {
    const worker = new Worker(ENTRY, { execArgv: [] });
    // Never what keeps the process alive: a server closing, or a test ending, need not wait for it.
    worker.unref();
    all.add(worker);
    worker.once('exit', () => all.delete(worker));
    return worker;
  }

  function take(): Worker {
    const spare = idle.pop();
    if (!spare) return spawn();
    clearTimeout(spare.timer);
    return spare.worker;
  }

  function giveBack(worker: Worker, recycle: boolean): void {
    if (closed || idle.length >= max) {
      void worker.terminate();
      return;
    }
    if (recycle) {
      void worker.terminate();
      worker = spawn();
    }
    const timer = setTimeout(() => {
      idle.splice(idle.findIndex((w) => w.worker === worker), 1);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    idle.push({ worker, timer });
  }

  return {
    /** A place for one upload, or null when `max` are being read: release it (once) when done. */
    enter(): (() => void) | null {
      if (running >= max) return null;
      running++;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        running--;
      };
    },

    /**
     * Reads an upload in a worker: `body` is handed over (its memory moves to the worker; the
     * caller must not use it again). `lookup` answers the dry run's question about the store.
     */
    run(kind: UploadJob['kind'], body: Uint8Array, departments: Department[], reach: number[] | null, lookup: StoreLookup | null, lang: Lang): Promise<UploadOutcome> {
      const worker = take();
      const { port1, port2 } = new MessageChannel();
      // Moved, not copied, when the bytes are the whole of their buffer (a large body always is).
      const recycle = body.byteLength > RECYCLE_BYTES;
      const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength && body.buffer instanceof ArrayBuffer ? body : new Uint8Array(body);
      return new Promise<UploadOutcome>((resolve, reject) => {
        const fail = (error: unknown) => finish(() => reject(error), false);
        const exited = (code: number) => fail(new Error(`the import worker stopped (exit ${code})`));
        function finish(settle: () => void, reusable: boolean) {
          worker.off('error', fail);
          worker.off('exit', exited);
          port1.close();
          if (reusable) giveBack(worker, recycle);
          else void worker.terminate();
          settle();
        }
        worker.once('error', fail);
        worker.once('exit', exited);
        port1.on('message', (message: WorkerMessage) => {
          if (message.type === 'failed') return finish(() => reject(new Error(`import worker: ${message.message}`)), true);
          if (message.type !== 'lookup') return finish(() => resolve(message), true);
          const ask = lookup ?? (async () => ({ accounts: [], mobiles: [] }));
          // A failure of the store (not the worker's) is the caller's to answer, as the error it is.
          ask(message.accounts ? message.accounts.split('\n') : [], message.mobiles ? message.mobiles.split('\n') : []).then(
            (taken) => port1.postMessage({ type: 'taken', accounts: JSON.stringify([...taken.accounts]), mobiles: JSON.stringify([...taken.mobiles]) } satisfies PoolMessage),
            fail,
          );
        });
        worker.postMessage({ kind, body: own, departments, reach, lang, port: port2 } satisfies UploadJob, [port2, own.buffer as ArrayBuffer]);
      });
    },

    /** Ends every worker (the server is closing). */
    async close(): Promise<void> {
      closed = true;
      for (const { timer } of idle.splice(0)) clearTimeout(timer);
      await Promise.all([...all].map((w) => w.terminate()));
    },
  };
}

export type UsersImportPool = ReturnType<typeof usersImportPool>;
