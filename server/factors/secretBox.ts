import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretsService } from '../platform/secrets.js';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets the server must read back (authenticator-app seeds). The key is derived
 * (HKDF-SHA256) from the installation's persisted random secret for this one purpose, so a copy
 * of the table alone opens nothing and every instance derives the same key. Stored as
 * "v1.<iv>.<tag>.<ciphertext>" (base64url); the user it belongs to is the additional data, so a
 * row moved to another user does not decrypt.
 */
export function secretBox(secrets: SecretsService, purpose: string) {
  let key: Promise<Buffer> | null = null;
  const keyOf = (): Promise<Buffer> => {
    key ??= secrets.hmacKey().then((material) => Buffer.from(hkdfSync('sha256', material, 'idaas-secret-box', purpose, 32))).catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  return {
    async seal(plain: string, owner: string): Promise<string> {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(Buffer.from(owner));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    async open(sealed: string, owner: string): Promise<string> {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
