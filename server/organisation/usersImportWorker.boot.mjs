// The entry of the import worker thread (usersImportPool.ts). A worker does not inherit tsx's
// loader, whether the server runs under `tsx server/main.ts` or vitest: it is registered here,
// then the TypeScript worker is loaded.
import { setPriority } from 'node:os';
import { register } from 'tsx/esm/api';

// Reading uploads is background work, and so is starting up (tsx's compiler included, which
// inherits it): below the main thread's priority, so requests win a busy core. Linux niceness is
// per thread; elsewhere, or where it is refused, the worker keeps the process's priority.
try {
  setPriority(10);
} catch {
  // Same priority as the rest.
}
register();
await import('./usersImportWorker.ts');
