import type { FastifyInstance } from 'fastify';

/** Workbench: users. */
export default async function adminUsersRoutes(_app: FastifyInstance): Promise<void> {}
