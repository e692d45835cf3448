import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi.js';
import { isDevMode } from '../platform/config.js';

const here = dirname(fileURLToPath(import.meta.url));
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Files of the reference page: ours, and the two of the kept Swagger UI build it needs. */
const FILES: Record<string, { path: string; type: string }> = {
  'reference.js': { path: join(here, 'page/reference.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui-bundle.js': { path: join(swaggerUi, 'swagger-ui-bundle.js'), type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { path: join(swaggerUi, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
};

/**
 * The contract as documents: OpenAPI 3.1 at /idaas/openapi.json and a readable reference at
 * /idaas/docs. Neither is on the sign-in path; both are built once, on first request.
 */
export default async function docsRoutes(app: FastifyInstance): Promise<void> {
  let document: string | null = null;
  app.get('/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument(isDevMode(app.config)));
    return reply.type('application/json; charset=utf-8').send(document);
  });
  const contents = new Map<string, Buffer>();
  const read = (path: string) => contents.get(path) ?? contents.set(path, readFileSync(path)).get(path)!;
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(read(join(here, 'page/index.html'))));
  app.get<{ Params: { '*': string } }>('/docs/*', async (request, reply) => {
    const file = FILES[request.params['*']];
    if (!file) return reply.callNotFound();
    return reply.type(file.type).send(read(file.path));
  });
}
