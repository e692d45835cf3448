import type { FastifyInstance } from 'fastify';

/** Workbench: sessions. */
export default async function adminSessionsRoutes(_app: FastifyInstance): Promise<void> {}
