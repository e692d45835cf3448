import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../platform/config.js';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SPKI PEM: what goes with every checkpoint, so a verifier needs nothing else. */
  publicPem: string;
  /** SHA-256 (hex) of the public key's SPKI DER. */
  fingerprint: string;
}

/** The fingerprint of a public key (PEM or KeyObject). */
export function fingerprintOf(publicKey: KeyObject | string): string {
  const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey;
  return createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** Where the store keeps its files: the SQLite file's folder, or ./data for PostgreSQL. */
export function dataDirOf(databaseUrl: string): string {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'data';
  const file = databaseUrl.startsWith('file:') ? databaseUrl.slice(5) : databaseUrl;
  return file === ':memory:' || file === '' ? 'data' : dirname(file);
}

/** The key file a development or test installation makes for itself when AUDIT_SIGNING_KEY is unset. */
export const devKeyPath = (config: Config) => join(dataDirOf(config.databaseUrl), 'audit-signing-key.pem');

function fromPem(pem: string, path: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new Error(`AUDIT_SIGNING_KEY: ${path} is not a private key in PEM`);
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`AUDIT_SIGNING_KEY: ${path} is a ${privateKey.asymmetricKeyType} key; the audit trail signs with Ed25519`);
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), fingerprint: fingerprintOf(publicKey) };
}

/**
 * The checkpoints' signing key: the PEM file AUDIT_SIGNING_KEY names (IDAAS_MODE=production
 * refuses to start without one, config.ts), else one made once under the data directory, the way
 * the other development secrets are made on first use. Never in the database: whoever can rewrite
 * the database must not be able to sign a checkpoint over what they wrote.
 */
export function loadSigningKey(config: Config): SigningKey {
  const path = config.auditTrail.signingKey;
  if (path) {
    let pem: string;
    try {
      pem = readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(`AUDIT_SIGNING_KEY: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    return fromPem(pem, path);
  }
  const file = devKeyPath(config);
  try {
    return fromPem(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    // 'wx': two processes starting together keep the first one's key.
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fromPem(readFileSync(file, 'utf8'), file);
}

/** Keys by file: read once per process (services are built for every app and every CLI run). */
const loaded = new Map<string, SigningKey>();
export function signingKeyOf(config: Config): SigningKey {
  const path = config.auditTrail.signingKey ?? devKeyPath(config);
  let key = loaded.get(path);
  if (!key) loaded.set(path, key = loadSigningKey(config));
  return key;
}

export const signStatement = (key: SigningKey, statement: string) => sign(null, Buffer.from(statement, 'utf8'), key.privateKey).toString('base64');

export function verifyStatement(publicKey: KeyObject, statement: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(statement, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
