import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compileEntries } from '../support/compiled';

/** The processes the journeys start: each worker's portal and the sample applications. */
export const JOURNEY_ENTRIES = ['e2eServe', 'oidcRp', 'samlSp', 'casClient'] as const;

/**
 * Compiles the processes the journeys start once for the run (tests/support/compiled.ts), as the
 * API suite does: `node --import tsx` compiles TypeScript at every start, and the sample
 * applications start again whenever a worker runs their group's hooks again. The workers read the
 * outputs from `E2E_COMPILED` (tests/e2e/processes.ts).
 */
export default async function globalSetup(): Promise<() => void> {
  const root = process.cwd();
  mkdirSync(join(root, '.tmp'), { recursive: true });
  // Inside the project, so the compiled files find the packages in its node_modules.
  const dir = mkdtempSync(join(root, '.tmp', 'e2e-compiled-'));
  process.env.E2E_COMPILED = JSON.stringify(await compileEntries(root, dir, [...JOURNEY_ENTRIES]));
  return () => rmSync(dir, { recursive: true, force: true });
}
