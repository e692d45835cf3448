import type { ServiceContext } from './context.js';
import type { SmsGateway } from '../sms/gateway.js';
import { buildBaseServices } from './base.js';
import { buildAdminServices } from './admin/index.js';

export function buildServices(ctx: ServiceContext, gateway: SmsGateway) {
  const base = buildBaseServices(ctx, gateway);
  return { ...base, admin: buildAdminServices(ctx, base) };
}

export type Services = ReturnType<typeof buildServices>;
