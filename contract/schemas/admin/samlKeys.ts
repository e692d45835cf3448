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
export const samlKeyRotated = z.object({ current: z.string(), next: z.string() });
