import { BINDING, NAME_ID_FORMAT, NS, xmlEscape, type SamlUrls } from './constants.js';
import type { SamlKey } from './keys.js';

const keyDescriptor = (k: SamlKey) =>
  `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="${NS.dsig}"><ds:KeyName>${xmlEscape(k.kid)}</ds:KeyName>`
  + `<ds:X509Data><ds:X509Certificate>${k.certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;

/**
 * The identity provider's metadata: its entity ID, the current signing certificate and the next
 * one (published before it signs, so SPs that refresh metadata already trust it at rotation),
 * single sign-on and logout by HTTP-Redirect and HTTP-POST, the NameID formats it issues.
 */
export function idpMetadata(urls: SamlUrls, keys: SamlKey[]): string {
  const endpoints = (tag: string, location: string) =>
    [BINDING.redirect, BINDING.post].map((b) => `<md:${tag} Binding="${b}" Location="${xmlEscape(location)}"/>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>`
    + `<md:EntityDescriptor xmlns:md="${NS.metadata}" entityID="${xmlEscape(urls.entityId)}">`
    + `<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="${NS.protocol}">`
    + keys.map(keyDescriptor).join('')
    + endpoints('SingleLogoutService', urls.slo)
    + [NAME_ID_FORMAT.persistent, NAME_ID_FORMAT.email, NAME_ID_FORMAT.unspecified].map((f) => `<md:NameIDFormat>${f}</md:NameIDFormat>`).join('')
    + endpoints('SingleSignOnService', urls.sso)
    + `</md:IDPSSODescriptor></md:EntityDescriptor>`;
}
