/**
 * Runs npm scripts side by side and fails when any fails: `tsx tests/together.ts typecheck lint`.
 * npm test uses it for the checks that each keep one core busy (tsc, ESLint, the build), which
 * one after another left the second core idle. Each script's output is printed whole when it
 * ends, so the logs do not interleave.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx tests/together.ts <npm script>…');
  process.exit(2);
}

const results = await Promise.all(
  scripts.map((script) =>
    run(script).then((result) => {
      process.stdout.write(`\n> ${script}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds.toFixed(1)} s\n${result.output}`);
      return result;
    }),
  ),
);
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
