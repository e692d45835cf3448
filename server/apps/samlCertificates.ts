import { X509Certificate } from 'node:crypto';
import type { SamlCertificate } from '../../contract/schemas/admin/appsSignOn.js';
import { CODE } from '../../contract/codes.js';
import { AppError } from '../platform/lib/errors.js';

const PEM = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A certificate as an administrator pastes it (PEM) or metadata carries it (base64 DER, wrapped
 * or not), as base64 DER — or null when it is not an X.509 certificate node:crypto can read.
 */
export function certificateDer(value: string): string | null {
  const body = (PEM.exec(value)?.[1] ?? value).replace(/\s+/g, '');
  if (!BASE64.test(body)) return null;
  try {
    return new X509Certificate(Buffer.from(body, 'base64')).raw.toString('base64');
  } catch {
    return null;
  }
}

/** As certificateDer, refusing with E40213 naming where the certificate came from. */
export function requireCertificate(value: string, field: string): string {
  const der = certificateDer(value);
  if (der === null) throw new AppError(CODE.samlCertificateInvalid, { field });
  return der;
}

/**
 * A certificate as the workbench shows it: subject, expiry and SHA-256 fingerprint. Every one was
 * read at its save; a stored value written some other way that does not read shows as blank
 * rather than failing the whole page.
 */
export function describeCertificate(der: string): SamlCertificate {
  try {
    const cert = new X509Certificate(Buffer.from(der, 'base64'));
    return { der, subject: cert.subject.split('\n').join(', '), notAfter: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 };
  } catch {
    return { der, subject: '', notAfter: new Date(0).toISOString(), fingerprint: '' };
  }
}

/** The fingerprint alone (what the operation log keeps of a certificate); a stored value that no longer reads says so. */
export function fingerprintOf(der: string): string {
  try {
    return new X509Certificate(Buffer.from(der, 'base64')).fingerprint256;
  } catch {
    return '(unreadable)';
  }
}
