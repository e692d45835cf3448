import { ECDH, createECDH, createHash } from 'node:crypto';

/**
 * SM2 decryption (GB/T 32918.4, C1C3C2 layout as sm-crypto's doEncrypt(…, 1) writes it) on
 * Node's built-in OpenSSL: the point multiplication runs natively instead of in JavaScript
 * big-number code, about 50 times faster, which keeps sign-in throughput bound by argon2.
 */

/** The SM2 field prime. */
export const SM2_FIELD_PRIME = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;

/** SM3 over the parts in order. */
export const sm3 = (...parts: Buffer[]) => {
  const h = createHash('sm3');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** The standard's key derivation: SM3(z ‖ counter) blocks up to `length` bytes. */
export function kdf(z: Buffer, length: number): Buffer {
  const out: Buffer[] = [];
  let produced = 0;
  for (let counter = 1; produced < length; counter++) {
    const ct = Buffer.alloc(4);
    ct.writeUInt32BE(counter);
    const block = sm3(z, ct);
    out.push(block);
    produced += block.length;
  }
  return Buffer.concat(out).subarray(0, length);
}

/** SM2's group order n. */
export const SM2_ORDER = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;

/**
 * A fresh key pair in sm-crypto's hex form (private key 64 hex digits, public key 04 ‖ X ‖ Y),
 * made by OpenSSL: sm-crypto's JavaScript version took 70 ms of the event loop per start here.
 * The standard asks for d in [1, n − 2]; OpenSSL draws from [1, n − 1], so n − 1 is drawn again.
 */
export function sm2KeyPair(): { publicKey: string; privateKey: string } {
  for (;;) {
    const ecdh = createECDH('SM2');
    const publicKey = ecdh.generateKeys('hex', 'uncompressed');
    const privateKey = ecdh.getPrivateKey('hex').padStart(64, '0');
    if (BigInt(`0x${privateKey}`) !== SM2_ORDER - 1n) return { publicKey, privateKey };
  }
}

let cached: { key: string; ecdh: ECDH } | null = null;
function keyed(privateKeyHex: string): ECDH {
  if (cached?.key !== privateKeyHex) {
    const ecdh = createECDH('SM2');
    ecdh.setPrivateKey(Buffer.from(privateKeyHex, 'hex'));
    cached = { key: privateKeyHex, ecdh };
  }
  return cached.ecdh;
}

/** Plaintext of a C1C3C2 hex ciphertext (C1 without the 04 prefix), or null if it does not decrypt. */
export function sm2Decrypt(cipherHex: string, privateKeyHex: string): string | null {
  if (!/^[0-9a-f]+$/i.test(cipherHex) || cipherHex.length % 2 !== 0 || cipherHex.length <= 192) return null;
  const c1 = Buffer.from(`04${cipherHex.slice(0, 128)}`, 'hex');
  const c3 = Buffer.from(cipherHex.slice(128, 192), 'hex');
  const c2 = Buffer.from(cipherHex.slice(192), 'hex');
  let x2: Buffer;
  try {
    const ecdh = keyed(privateKeyHex);
    // OpenSSL checks that C1 lies on the curve and answers the x coordinate of d·C1.
    x2 = ecdh.computeSecret(c1);
  } catch {
    return null;
  }
  // d·C1 is one of the two points with this x, (x, y) or (x, p − y); C3 tells which. One
  // decompression by OpenSSL (a modular square root) gives y, a subtraction the other.
  const point = ECDH.convertKey(`02${x2.toString('hex')}`, 'SM2', 'hex', 'hex', 'uncompressed') as string;
  const y = BigInt(`0x${point.slice(66)}`);
  for (const candidate of [y, SM2_FIELD_PRIME - y]) {
    const y2 = Buffer.from(candidate.toString(16).padStart(64, '0'), 'hex');
    const t = kdf(Buffer.concat([x2, y2]), c2.length);
    if (t.every((b) => b === 0)) continue;
    const message = Buffer.alloc(c2.length);
    for (let i = 0; i < c2.length; i++) message[i] = c2[i] ^ t[i];
    if (sm3(x2, message, y2).equals(c3)) return message.toString('utf8');
  }
  return null;
}
