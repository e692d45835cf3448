/**
 * `tsx tests/support/migrateAt.ts <databaseUrl> <epochMs>`: migrates the store at that instant,
 * so several processes started one after another race for the migration at the same moment.
 * Prints the milliseconds it took; exits 1 with the error when the migration failed.
 */
import { migrate, openStore } from '../../server/platform/db/connect.js';

const [databaseUrl, at] = process.argv.slice(2);
const store = openStore(databaseUrl);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(at) - Date.now())));
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
