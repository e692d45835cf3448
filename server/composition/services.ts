import type { ServiceContext } from './context.js';
import type { DataLayer } from './repositories.js';
import type { SmsGateway } from '../sms/gateway.js';
import { buildBaseServices, type BaseServiceOptions } from './portalServices.js';
import { buildAdminServices } from './adminServices.js';

export function buildServices(ctx: ServiceContext, gateway: SmsGateway, options?: BaseServiceOptions) {
  const base = buildBaseServices(ctx, gateway, options);
  return { ...base, admin: buildAdminServices(ctx, base) };
}

export type Services = ReturnType<typeof buildServices>;

/**
 * What the composition root (server/app.ts) hands every plugin: the data layer, the services'
 * context on it and the services built from it, so no plugin builds its own.
 */
export interface Composition {
  data: DataLayer;
  ctx: ServiceContext;
  services: Services;
}
