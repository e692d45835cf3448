import { z } from 'zod';

/** One of the identity provider's signing keys: next (published, not yet signing), current (signs), retired. */
export const samlKey = z.object({
  kid: z.string(),
  generation: z.number().int(),
  status: z.enum(['next', 'current', 'retired']),
  /** base64 DER X.509, as the metadata publishes it. */
  certificate: z.string(),
  createdAt: z.number().int(),
  activatedAt: z.number().int().nullable(),
  retiredAt: z.number().int().nullable(),
});

export const samlKeyList = z.object({ items: z.array(samlKey) });
/** The kid of the current key the administrator saw: the rotation happens only from it. */
export const samlKeyRotateBody = z.object({ current: z.string().min(1).max(64).optional() });
export const samlKeyRotated = z.object({ current: z.string(), next: z.string() });
