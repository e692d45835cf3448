import type { FastifyInstance } from 'fastify';

/** Workbench: scimTokens. */
export default async function adminScimTokensRoutes(_app: FastifyInstance): Promise<void> {}
