import smCrypto from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { createSm2Client, isPublicKey, metaPublicKey } from '../../src/shared/providers/sm2';
import type { Http } from '../../src/shared/providers/http';

const { sm2 } = smCrypto;

function httpAnswering(get: () => Promise<unknown>): Http & { calls: number } {
  const stub = {
    calls: 0,
    get: async <T,>() => {
      stub.calls++;
      return (await get()) as T;
    },
    post: async () => {
      throw new Error('unexpected');
    },
    request: async () => {
      throw new Error('unexpected');
    },
  };
  return stub as unknown as Http & { calls: number };
}

describe('sm2 client', () => {
  it('encrypts with the fetched key so the private key decrypts it (C1C3C2)', async () => {
    const { publicKey, privateKey } = sm2.generateKeyPairHex();
    const http = httpAnswering(async () => ({ pubX: publicKey.slice(2, 66), pubY: publicKey.slice(66) }));
    const client = createSm2Client(http, () => null);
    const cipher = await client.encrypt('Idaas@2026 密码');
    expect(cipher).toMatch(/^[0-9a-f]+$/);
    expect(sm2.doDecrypt(cipher, privateKey, 1)).toBe('Idaas@2026 密码');
    // Every encryption is fresh (random k), so a captured ciphertext is never reused.
    expect(await client.encrypt('Idaas@2026 密码')).not.toBe(cipher);
    expect(http.calls).toBe(1);
  });

  it('falls back to the page key when the key endpoint fails, and tries the endpoint again later', async () => {
    const { publicKey, privateKey } = sm2.generateKeyPairHex();
    const http = httpAnswering(async () => {
      throw new Error('offline');
    });
    const client = createSm2Client(http, () => publicKey);
    expect(sm2.doDecrypt(await client.encrypt('zhangsan'), privateKey, 1)).toBe('zhangsan');
    expect(await client.publicKey()).toBe(publicKey);
  });

  it('falls back when the endpoint answers something that is not a key', async () => {
    const { publicKey } = sm2.generateKeyPairHex();
    const client = createSm2Client(httpAnswering(async () => ({ pubX: 'zz', pubY: '' })), () => publicKey);
    expect(await client.publicKey()).toBe(publicKey);
  });

  it('fails clearly when there is no key at all, and retries on the next call', async () => {
    let online = false;
    const { publicKey } = sm2.generateKeyPairHex();
    const http = httpAnswering(async () => {
      if (!online) throw new Error('offline');
      return { pubX: publicKey.slice(2, 66), pubY: publicKey.slice(66) };
    });
    const client = createSm2Client(http, () => null);
    await expect(client.publicKey()).rejects.toThrow(/unavailable/);
    online = true;
    expect(await client.publicKey()).toBe(publicKey);
  });

  it('reads the meta tag the server fills, and ignores an empty or malformed one', () => {
    const { publicKey } = sm2.generateKeyPairHex();
    const doc = (content: string | null) => ({
      querySelector: () => (content === null ? null : ({ getAttribute: () => content } as unknown as Element)),
    });
    expect(metaPublicKey(doc(publicKey))).toBe(publicKey);
    expect(metaPublicKey(doc(''))).toBeNull();
    expect(metaPublicKey(doc('04abc'))).toBeNull();
    expect(metaPublicKey(doc(null))).toBeNull();
    expect(isPublicKey(`04${'a'.repeat(128)}`)).toBe(true);
    expect(isPublicKey(`02${'a'.repeat(128)}`)).toBe(false);
  });
});
