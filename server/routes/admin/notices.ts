import type { FastifyInstance } from 'fastify';

/** Workbench: notices. */
export default async function adminNoticesRoutes(_app: FastifyInstance): Promise<void> {}
