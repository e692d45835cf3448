import { z } from 'zod';
import { idOut, recordId } from '../common.js';
import { appRiskPolicy, ZONE_KINDS } from '../risk.js';

/** An application's own risk policy; null follows the default (the policies' `risk` section). */
export const appRiskPolicyUpdateBody = z.strictObject({ id: recordId(), policy: appRiskPolicy.nullable() });

/** The zones an application may be confined to: office and VPN ones (a blocked zone is refused everywhere anyway). */
export const ZONE_KINDS_FOR_APPS = ['OFFICE', 'VPN'] as const satisfies readonly (typeof ZONE_KINDS)[number][];

export const appRiskPolicyAnswer = z.object({
  policy: appRiskPolicy.nullable(),
  /**
   * The zones the policy may name, so an application owner (who cannot list zones) can pick
   * them: every office and VPN zone, by name.
   */
  zoneChoices: z.array(z.object({ id: idOut, name: z.string(), kind: z.enum(ZONE_KINDS_FOR_APPS) })),
});
export type AppRiskPolicyAnswer = z.infer<typeof appRiskPolicyAnswer>;
