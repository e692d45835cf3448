import type { FastifyInstance } from 'fastify';

/** Workbench: policies. */
export default async function adminPoliciesRoutes(_app: FastifyInstance): Promise<void> {}
