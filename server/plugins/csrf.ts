import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../contract/paths.js';
import { langOf } from '../http/envelope.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API calls must carry X-Client-Id. A cross-site form or image cannot set a
 * custom header, so a forged request from another site is refused before it reaches a route.
 */
export function registerCsrfGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) || !request.url.startsWith(`${API_PREFIX}/`)) return;
    const clientId = request.headers['x-client-id'];
    if (typeof clientId !== 'string' || clientId.trim() === '' || clientId.length > 100) {
      const lang = langOf(request);
      return reply.status(403).send({
        code: 'E00403',
        message: lang === 'en' ? 'Forbidden — the X-Client-Id header is required' : '无权操作 — 缺少 X-Client-Id 请求头',
        data: null,
      });
    }
  });
}
