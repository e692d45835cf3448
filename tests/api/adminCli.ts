import { spawn } from 'node:child_process';
import { inject } from 'vitest';
import { runAdminCli } from '../../server/cli/admin.js';

export interface AdminRun { code: number | null; stdout: string; stderr: string }

function operatorEnv(databaseUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, IDAAS_MODE: 'production', DATABASE_URL: databaseUrl, ...extra };
  delete env.SMS_GATEWAY_URL;
  return env;
}

/**
 * Runs `npm run admin -- …` as the operator would (a process of its own, the environment only,
 * production mode) on the given store. No SMS gateway is set: the operator's commands must not
 * need one. The process runs server/cli/admin.ts as compiled once for the run (global-setup.ts),
 * not through tsx, whose start-up took 2–3 s of CPU each time.
 */
export function runAdmin(args: string[], databaseUrl: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const env = operatorEnv(databaseUrl, extraEnv);
    const child = spawn(process.execPath, [inject('compiled').admin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The same command in this process (what `server/cli/admin.ts` runs after parsing argv): for the
 * answers that do not depend on the process around it, without 2–3 s of tsx start-up each.
 */
export async function runAdminHere(args: string[], databaseUrl: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<AdminRun> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(args, operatorEnv(databaseUrl, extraEnv), { out: (l) => { stdout += `${l}\n`; }, err: (l) => { stderr += `${l}\n`; } });
  return { code, stdout, stderr };
}
