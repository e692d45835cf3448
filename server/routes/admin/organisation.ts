import type { FastifyInstance } from 'fastify';

/** Workbench: organisation. */
export default async function adminOrganisationRoutes(_app: FastifyInstance): Promise<void> {}
