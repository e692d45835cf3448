import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../lib/crypto.js';
import { scrape } from './metrics.js';

/**
 * /metrics on the main port, for callers presenting METRICS_TOKEN as a Bearer token; anyone
 * else gets 404, as if the route did not exist (the port faces the internet).
 */
export function registerMetricsRoute(app: FastifyInstance, token: string): void {
  const expected = `Bearer ${token}`;
  app.get('/metrics', async (request, reply) => {
    if (!safeEqual(request.headers.authorization ?? '', expected)) return reply.code(404).send({ status: 'not found' });
    const { body, contentType } = await scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/** /metrics on a listener of its own (127.0.0.1 by default), out of the load balancer's reach. */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    scrape().then(
      ({ body, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
