import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and text strings, maps — all WebAuthn needs. */
export function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Options = { challenge: string; user?: { id: string }; rp?: { id?: string } };

/**
 * A software passkey (a platform authenticator in code): a P-256 key, the attested credential data
 * of a "none" attestation at registration, ES256 assertions over authenticatorData || SHA-256
 * (clientDataJSON), and a signature counter. Switches make it misbehave the ways a test needs.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle: string | null = null;

  constructor(readonly origin: string, readonly rpId: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private cose(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
  }

  private authData(flags: number, extra: Buffer = Buffer.alloc(0), rpId = this.rpId): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() as startRegistration would return it. */
  register(options: Options, opts: { uv?: boolean; origin?: string } = {}) {
    this.userHandle = options.user?.id ?? null;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.credentialId, this.cose()]);
    const authData = this.authData(UP | (opts.uv === false ? 0 : UV) | AT, attested);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const,
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin ?? this.origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {}, authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() as startAuthentication would return it; the counter moves on unless told to repeat. */
  assert(options: Options, opts: { uv?: boolean; origin?: string; repeatCounter?: boolean; rpId?: string } = {}) {
    if (!opts.repeatCounter) this.counter += 1;
    const authData = this.authData(UP | (opts.uv === false ? 0 : UV), Buffer.alloc(0), opts.rpId);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id, rawId: this.id, type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: this.userHandle },
      clientExtensionResults: {}, authenticatorAttachment: 'platform' as const,
    };
  }
}

/** The code an authenticator app would show at `now` (offset by `steps` periods). */
export function totpCode(secret: string, now: number, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: now + steps * 30_000 });
}
