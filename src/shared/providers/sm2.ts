import { authEndpoints } from '../../../contract/endpoints/auth';
import { callThrough } from './api';
import { http as defaultHttp, type Http } from './http';

/** Uncompressed SM2 public key: 04 || X || Y, 64 hex digits each. */
const PUBLIC_KEY = /^04[0-9a-fA-F]{128}$/;

export function isPublicKey(value: unknown): value is string {
  return typeof value === 'string' && PUBLIC_KEY.test(value);
}

/** The key the server wrote into index.html; used when the key endpoint cannot be reached. */
export function metaPublicKey(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string | null {
  const content = doc?.querySelector('meta[name="idaas-sm2"]')?.getAttribute('content')?.trim();
  return isPublicKey(content) ? content : null;
}

type Encrypt = (value: string, publicKey: string) => string;

/** sm-crypto is loaded on first use so the sign-in page's first paint does not wait for it. */
async function loadEncrypt(): Promise<Encrypt> {
  const { default: smCrypto } = await import('sm-crypto');
  // Cipher mode 1 = C1C3C2, hex output: what the server decrypts.
  return (value, publicKey) => smCrypto.sm2.doEncrypt(value, publicKey, 1);
}

export interface Sm2Client {
  publicKey(): Promise<string>;
  encrypt(value: string): Promise<string>;
  /** Drops the cached key (after the server rotated it). */
  reset(): void;
}

export function createSm2Client(http: Http = defaultHttp, fallback: () => string | null = () => metaPublicKey()): Sm2Client {
  let keyPromise: Promise<string> | null = null;
  let encryptPromise: Promise<Encrypt> | null = null;

  async function fetchKey(): Promise<string> {
    try {
      const { pubX, pubY } = await callThrough(http)(authEndpoints.sm2Key);
      const key = `04${pubX}${pubY}`;
      if (isPublicKey(key)) return key;
    } catch {
      // fall back to the key in the page
    }
    const key = fallback();
    if (!key) throw new Error('SM2 public key unavailable');
    return key;
  }

  const client: Sm2Client = {
    publicKey() {
      keyPromise ??= fetchKey().catch((error: unknown) => {
        keyPromise = null;
        throw error;
      });
      return keyPromise;
    },
    async encrypt(value) {
      encryptPromise ??= loadEncrypt();
      const [encrypt, key] = await Promise.all([encryptPromise, client.publicKey()]);
      return encrypt(value, key);
    },
    reset() {
      keyPromise = null;
    },
  };
  return client;
}

export const sm2Client = createSm2Client();
