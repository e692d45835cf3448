import { z } from 'zod';
import { CODE } from '../../codes.js';
import { endpoint, type EndpointSpec } from '../../endpoint.js';
import { idOut, nothing } from '../../schemas/common.js';
import { adminNetworkZone, zoneIdBody, zoneListBody, zoneSaveBody, zoneUpdateBody } from '../../schemas/admin/networkZones.js';

const P = '/admin/v1/network-zones';

/**
 * Workbench: network zones — office and VPN ranges (known places, never a new network, and what an
 * application can be confined to) and blocked ranges (refused). The security administrator's.
 */
export const adminNetworkZonesEndpoints = {
  zoneList: endpoint({
    method: 'POST', path: `${P}/list`, access: 'admin', duties: ['security'], summary: 'Network zones by name, with their ranges and the applications confined to each',
    input: zoneListBody, output: z.array(adminNetworkZone),
  }),
  zoneCreate: endpoint({
    method: 'POST', path: `${P}/create`, access: 'admin', duties: ['security'], summary: 'Name an office, VPN or blocked zone: IPv4/IPv6 addresses and CIDR ranges',
    input: zoneSaveBody, output: z.object({ id: idOut }), codes: [CODE.zoneNameTaken],
  }),
  zoneUpdate: endpoint({
    method: 'POST', path: `${P}/update`, access: 'admin', duties: ['security'], summary: "Change a zone's name, kind or ranges (effective at the next sign-in)",
    input: zoneUpdateBody, output: nothing, codes: [CODE.notFound, CODE.zoneNameTaken, CODE.zoneInUse],
  }),
  zoneDelete: endpoint({
    method: 'POST', path: `${P}/delete`, access: 'admin', duties: ['security'], summary: "Remove a zone; refused while an application's risk policy names it",
    input: zoneIdBody, output: nothing, codes: [CODE.notFound, CODE.zoneInUse],
  }),
} satisfies Record<string, EndpointSpec>;
