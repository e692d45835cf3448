import { spawn } from 'node:child_process';
import { buildApp } from '../../server/app.js';
import { readConfig } from '../../server/platform/config.js';

export interface AppProcess { address: string; pid: number; stop: () => void }

/**
 * The portal under a bench, in a process of its own so the load generator's CPU is not the
 * server's: `script` is run again with the argument `serve` (see serveIfAsked), and the address
 * it prints on its first line is handed back.
 */
export function startAppProcess(script: string, env: NodeJS.ProcessEnv): Promise<AppProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, 'serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve({ address: out.split('\n')[0].trim(), pid: child.pid!, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/**
 * A bench script's two roles: with `serve`, the real app on DATABASE_URL (demo organisation,
 * test mode, no per-address sign-in limit) printing its address; otherwise the bench itself.
 */
export async function serveOrRun(main: () => Promise<void>): Promise<void> {
  if (process.argv[2] === 'serve') {
    const config = readConfig({ ...process.env, IDAAS_MODE: 'test', LOGIN_IP_FAILURES_PER_HOUR: '1000000' }, { staticDir: null });
    const app = await buildApp({ config });
    console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
    return;
  }
  await main().then(() => process.exit(0), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
