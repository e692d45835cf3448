/**
 * `node migrateAt.mjs <databaseUrl>` (compiled by the API suite's global setup): opens the store,
 * prints "ready", and migrates when a line arrives on stdin, so several processes started one
 * after another race for the migration at the same moment, however long each took to start.
 * Prints the milliseconds it took; exits 1 with the error when the migration failed.
 */
import { once } from 'node:events';
import { migrate, openStore } from '../../server/platform/db/connect.js';

const [databaseUrl] = process.argv.slice(2);
const store = openStore(databaseUrl);
console.log('ready');
await once(process.stdin, 'data');
process.stdin.pause();
const started = Date.now();
try {
  await migrate(store);
  console.log(`migrated in ${Date.now() - started} ms`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await store.db.destroy();
}
