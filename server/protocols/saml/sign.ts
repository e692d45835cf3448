import { SignedXml } from 'xml-crypto';
import { ENVELOPED, EXC_C14N, RSA_SHA256, SHA256, certPem } from './constants.js';
import type { SigningKey } from './keys.js';

/**
 * Signs the element with this ID (enveloped, RSA-SHA256, exclusive c14n, SHA-256 digest), the
 * Signature placed right after its Issuer as the schema wants it; KeyInfo carries the certificate.
 */
export function signElement(xml: string, id: string, key: SigningKey): string {
  const signer = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: certPem(key.certificate),
    signatureAlgorithm: RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signer.addReference({ xpath: `//*[@ID='${id}']`, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: SHA256 });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}
