import { hash, verify } from '@node-rs/argon2';
import type { ServiceContext } from '../composition/context.js';

/** argon2id hashing with the configured cost, and the "does this hash need an upgrade" test. */
export function passwordService(ctx: ServiceContext) {
  const { memoryCost, timeCost, parallelism } = ctx.config.argon2;
  // 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  const options = { algorithm: 2 as const, memoryCost, timeCost, parallelism };
  const params = `m=${memoryCost},t=${timeCost},p=${parallelism}`;
  // A hash of a random string, verified against when the account does not exist so both paths cost the same.
  let decoy: Promise<string> | null = null;

  return {
    hash: (password: string) => hash(password, options),
    async verify(stored: string | null, password: string): Promise<boolean> {
      if (!stored) {
        decoy ??= hash(`decoy-${Math.random()}`, options);
        await verify(await decoy, password).catch(() => false);
        return false;
      }
      return verify(stored, password).catch(() => false);
    },
    needsRehash: (stored: string) => !stored.startsWith('$argon2id$') || !stored.includes(`$${params}$`),
  };
}

export type PasswordService = ReturnType<typeof passwordService>;
