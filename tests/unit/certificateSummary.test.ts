import 'reflect-metadata';
import { X509Certificate, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { newKeyPair } from '../../server/protocols/saml/keys';
import { summarise } from '../../src/systemhub/pages/apps/certificateSummary';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

/** What the server says of the same certificate (server/apps/samlCertificates.ts describes SP certificates so). */
function asNode(der: string) {
  const cert = new X509Certificate(Buffer.from(der, 'base64'));
  return { subject: cert.subject.split('\n').join(', '), notAfter: new Date(cert.validTo).toISOString(), fingerprint: cert.fingerprint256 };
}

describe('the workbench reads a certificate as node:crypto does', () => {
  it('the identity provider\'s own signing certificate', async () => {
    const { certificate } = await newKeyPair('https://idaas.example.com/saml/metadata', Date.UTC(2025, 0, 2, 3, 4, 5), 2048);
    const summary = await summarise(certificate);
    expect(summary).toEqual(asNode(certificate));
    expect(summary.subject).toBe('CN=idaas.example.com SAML IdP');
  });

  it('a subject of several names, non-ASCII text, and an expiry after 2049 (GeneralizedTime)', async () => {
    const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '7f', name: 'C=CN, O=示例公司, OU=IT, CN=sp.example.com', notBefore: new Date(Date.UTC(2024, 5, 1)), notAfter: new Date(Date.UTC(2060, 5, 1, 12)),
      keys, signingAlgorithm: RSA,
    });
    const der = cert.toString('base64');
    expect(await summarise(der)).toEqual(asNode(der));
  });

  it('what is not a certificate gives blanks, not an error', async () => {
    expect(await summarise('bm90IGEgY2VydGlmaWNhdGU=')).toMatchObject({ subject: '', notAfter: '' });
    expect(await summarise('%%%')).toEqual({ subject: '', notAfter: '', fingerprint: '' });
  });
});
