import type { FastifyInstance } from 'fastify';

/** Workbench: apps. */
export default async function adminAppsRoutes(_app: FastifyInstance): Promise<void> {}
