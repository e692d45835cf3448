import type { buildBaseServices } from './portalServices.js';

/** The portal's own services, which the workbench reuses so one rule holds on every path. */
export type BaseServices = ReturnType<typeof buildBaseServices>;
