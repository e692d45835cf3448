import type { FastifyInstance } from 'fastify';

/** Workbench: requests. */
export default async function adminRequestsRoutes(_app: FastifyInstance): Promise<void> {}
