import type { FastifyInstance } from 'fastify';

/** Workbench: groups. */
export default async function adminGroupsRoutes(_app: FastifyInstance): Promise<void> {}
