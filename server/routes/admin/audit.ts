import type { FastifyInstance } from 'fastify';

/** Workbench: audit. */
export default async function adminAuditRoutes(_app: FastifyInstance): Promise<void> {}
