import type { FastifyInstance } from 'fastify';

/** Workbench: home. */
export default async function adminHomeRoutes(_app: FastifyInstance): Promise<void> {}
