// The entry of the import worker thread (usersImportPool.ts). A worker does not inherit tsx's
// loader, whether the server runs under `tsx server/main.ts` or vitest: it is registered here,
// then the TypeScript worker is loaded.
import { register } from 'tsx/esm/api';

register();
await import('./usersImportWorker.ts');
