import { spawn } from 'node:child_process';

/**
 * Runs `npm run admin -- …` as the operator would (tsx, the environment only, production mode)
 * on the given store. No SMS gateway is set: the operator's commands must not need one.
 */
export function runAdmin(args: string[], databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, IDAAS_MODE: 'production', DATABASE_URL: databaseUrl };
    delete env.SMS_GATEWAY_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
