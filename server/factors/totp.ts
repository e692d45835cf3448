import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import { FACTOR_LIMITS, type TotpEnrolment } from '../../contract/schemas/factors.js';

const ALGORITHM = 'SHA1';
const { totpDigits: DIGITS, totpPeriodSeconds: PERIOD } = FACTOR_LIMITS;
/** RFC 6238 §5.2: one step either side absorbs clock drift and the seconds it takes to type. */
const WINDOW = 1;

/** A fresh 160-bit seed (RFC 4226 §4 recommends 160), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/**
 * What the enrolment shows: the secret as text, the otpauth URI, and that URI as a QR code drawn
 * here (SVG), so the seed never goes to an outside service. SHA-1, 6 digits, 30 s: what every
 * authenticator app reads from a QR code (some ignore other parameters).
 */
export async function totpEnrolment(secret: string, issuer: string, accountName: string): Promise<TotpEnrolment> {
  const totp = new TOTP({ issuer, label: accountName, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD });
  const otpauthUri = totp.toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret, otpauthUri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    issuer, accountName, digits: DIGITS, period: PERIOD, algorithm: ALGORITHM,
  };
}

/** The time step a typed code belongs to (within ±1 step of now), or null when it matches none. */
export function totpStepOf(secret: string, typed: string, now: number): number | null {
  const token = typed.replace(/\s+/g, '');
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return null;
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), algorithm: ALGORITHM, digits: DIGITS, period: PERIOD, timestamp: now, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
