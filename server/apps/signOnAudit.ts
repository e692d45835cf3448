import { fingerprintOf } from './samlCertificates.js';
import type { CasServiceRecord, SamlSpRecord } from './signOnRepository.js';

// How the operation log keeps an application's SAML and CAS registration (before/after of ADMIN_APP_SAML_* and ADMIN_APP_CAS_SAVE).

/** A service provider as the operation log keeps it: certificates by fingerprint, the metadata by whether there was one. */
export function samlSettingsOf(sp: SamlSpRecord | undefined) {
  if (!sp) return null;
  return {
    entityId: sp.entityId, acsUrls: sp.acsUrls, sloUrl: sp.sloUrl, sloBinding: sp.sloBinding, nameIdFormat: sp.nameIdFormat,
    attributes: sp.attributes, requestsSigned: sp.requestsSigned,
    signingCerts: sp.signingCerts.map(fingerprintOf), encryptionCert: sp.encryptionCert && fingerprintOf(sp.encryptionCert),
    imported: sp.metadataXml !== null,
  };
}

/** A service list as the operation log keeps it. */
export const casSettingsOf = (services: Pick<CasServiceRecord, 'url' | 'match'>[]) =>
  (services.length ? services.map((s) => ({ url: s.url, match: s.match })) : null);

