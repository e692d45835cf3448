import type { FastifyInstance } from 'fastify';
import { adminHomeEndpoints as e } from '../../contract/endpoints/admin/home.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: the home page's numbers, series and security events. */
export default async function adminHomeRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.summary, ({ services }) => services.admin.home.summary());
}
