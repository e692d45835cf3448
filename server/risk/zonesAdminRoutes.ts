import type { FastifyInstance } from 'fastify';
import { adminNetworkZonesEndpoints as e } from '../../contract/endpoints/admin/networkZones.js';
import { serve } from '../platform/http/serve.js';

/** Workbench: network zones. */
export default async function adminZonesRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.zoneList, ({ input, services }) => services.admin.zones.list(input.kind));
  serve(app, e.zoneCreate, ({ input, services, user, caller }) => services.admin.zones.create(user, input, caller));
  serve(app, e.zoneUpdate, ({ input, services, user, caller }) => {
    const { id, ...body } = input;
    return services.admin.zones.update(user, id, body, caller);
  });
  serve(app, e.zoneDelete, ({ input, services, user, caller }) => services.admin.zones.delete(user, input.id, caller));
}
