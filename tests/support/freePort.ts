import { createServer } from 'node:net';

/**
 * Ports for servers the tests start: the portal on a real port (its public URL is part of its
 * configuration, so the port is chosen before the app is built), sample applications, upstream
 * providers, slapd. The port is probed free, released, and listened on a moment later.
 *
 * Asking the kernel for any port (port 0) left a gap other vitest workers could fall into: a
 * worker's outgoing connection or its own "free" port could be the very port another worker was
 * about to listen on (EADDRINUSE in CI). So each vitest worker takes its ports from a range of
 * its own (VITEST_POOL_ID is 1…maxWorkers, unique among the workers running at once), below the
 * kernel's ephemeral range (32768+ on Linux), where no outgoing connection lands. Within the
 * range it walks forward from a random start, so a port it handed out is not handed out again
 * soon, and another test run on the same machine rarely walks the same ports.
 */
const FIRST = 20_000;
const PER_WORKER = 500;
const LAST = 32_767;

const poolId = Number(process.env.VITEST_POOL_ID ?? 0);
let next = Math.floor(Math.random() * PER_WORKER);

/** Whether nobody listens on `port` at 127.0.0.1 now (0: the kernel's pick, returned). */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A TCP port on 127.0.0.1 nobody listens on now and no other vitest worker will be given. */
export async function freePort(): Promise<number> {
  const start = FIRST + (poolId - 1) * PER_WORKER;
  // Outside vitest (benches, scripts: one process at a time) the kernel's pick does.
  if (!poolId || start + PER_WORKER - 1 > LAST) {
    const port = await probe(0);
    if (port === null) throw new Error('no free port');
    return port;
  }
  for (let tried = 0; tried < PER_WORKER; tried++) {
    const candidate = start + (next++ % PER_WORKER);
    if ((await probe(candidate)) !== null) return candidate;
  }
  throw new Error(`no free port in ${start}-${start + PER_WORKER - 1} (vitest worker ${poolId})`);
}
