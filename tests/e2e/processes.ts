import { spawn, type ChildProcess } from 'node:child_process';
import { COMPILED_ENTRIES } from '../support/compiled';
import type { JOURNEY_ENTRIES } from './global-setup';

export type JourneyEntry = (typeof JOURNEY_ENTRIES)[number];

/**
 * Starts one of the journeys' processes with Node: the output tests/e2e/global-setup.ts compiled
 * for this run, or the TypeScript source through tsx when there is none (a file run with another
 * configuration).
 */
export function startEntry(entry: JourneyEntry, env: NodeJS.ProcessEnv, stdio: ('ignore' | 'pipe')[]): ChildProcess {
  const compiled = process.env.E2E_COMPILED ? (JSON.parse(process.env.E2E_COMPILED) as Partial<Record<JourneyEntry, string>>)[entry] : undefined;
  const args = compiled ? [compiled] : ['--import', 'tsx', COMPILED_ENTRIES[entry]];
  return spawn(process.execPath, args, { env, stdio });
}
