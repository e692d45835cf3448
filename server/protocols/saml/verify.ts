import { createPublicKey, verify as verifyRaw } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import { DIGEST_ALGS, ENVELOPED, EXC_C14N, NS, SIG_ALGS, certPem } from './constants.js';

export class SignatureError extends Error {}

const elements = (node: Element, ns: string, local: string): Element[] =>
  Array.from(node.getElementsByTagNameNS(ns, local));

const childElements = (node: Element): Element[] =>
  Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);

/** Every element of the document carrying this ID (ID, Id or id: what a verifier might resolve a Reference by). */
function elementsWithId(doc: Document, id: string): Element[] {
  return Array.from(doc.getElementsByTagName('*')).filter((e) => ['ID', 'Id', 'id'].some((a) => e.getAttribute(a) === id));
}

const attr = (node: Element | undefined, name: string): string | null => node?.getAttribute(name) ?? null;

/**
 * Verifies the enveloped signature of a whole inbound message (an AuthnRequest or LogoutRequest by
 * HTTP-POST) against the SP's registered certificates, shaped so that signature wrapping cannot
 * work: exactly one Signature in the document, a direct child of the root; exactly one Reference,
 * whose URI names the root's ID; that ID carried by no other element; only RSA-SHA256/512,
 * SHA-256/512 digests, exclusive c14n and the enveloped transform. Whatever KeyInfo the message
 * carries is ignored: only the registered certificates are tried. Since the signed element is the
 * root and the root is what the caller reads, what is read is what was signed. `signed` names
 * another element than the root (an upstream provider's Assertion): the same rules, applied to it.
 */
export function verifyEnveloped(xml: string, doc: Document, certificates: string[], signed: Element = doc.documentElement): void {
  const root = signed;
  // Counted in the whole document: a second signature anywhere (a wrapped copy) is a refusal too.
  const signatures = elements(doc.documentElement, NS.dsig, 'Signature');
  if (signatures.length !== 1) throw new SignatureError(signatures.length ? 'more than one signature' : 'not signed');
  const signature = signatures[0];
  if (signature.parentNode !== root) throw new SignatureError('the signature does not sign the message itself');
  const id = root.getAttribute('ID');
  if (!id) throw new SignatureError('the message has no ID');
  if (elementsWithId(doc, id).length !== 1) throw new SignatureError('the ID is not unique');

  const signedInfo = childElements(signature).find((e) => e.localName === 'SignedInfo' && e.namespaceURI === NS.dsig);
  const parts = signedInfo ? childElements(signedInfo) : [];
  const c14n = parts.find((e) => e.localName === 'CanonicalizationMethod');
  const method = parts.find((e) => e.localName === 'SignatureMethod');
  const references = parts.filter((e) => e.localName === 'Reference');
  if (!signedInfo || attr(c14n, 'Algorithm') !== EXC_C14N) throw new SignatureError('canonicalization must be exclusive c14n');
  if (!(String(attr(method, 'Algorithm')) in SIG_ALGS)) throw new SignatureError('signature algorithm not allowed');
  if (references.length !== 1 || attr(references[0], 'URI') !== `#${id}`) throw new SignatureError('the reference is not the message');
  const reference = references[0];
  const transforms = elements(reference, NS.dsig, 'Transform').map((t) => t.getAttribute('Algorithm'));
  if (transforms.length === 0 || transforms.some((t) => t !== ENVELOPED && t !== EXC_C14N) || !transforms.includes(ENVELOPED)) {
    throw new SignatureError('transforms not allowed');
  }
  const digest = elements(reference, NS.dsig, 'DigestMethod')[0]?.getAttribute('Algorithm');
  if (!(DIGEST_ALGS as readonly (string | null | undefined)[]).includes(digest)) throw new SignatureError('digest algorithm not allowed');

  for (const cert of certificates) {
    const verifier = new SignedXml({ publicCert: certPem(cert), getCertFromKeyInfo: () => null });
    verifier.loadSignature(signature);
    try {
      if (verifier.checkSignature(xml) && verifier.getSignedReferences().length === 1) return;
    } catch {
      // Not this certificate (or a broken signature): try the next, then refuse.
    }
  }
  throw new SignatureError('the signature does not verify with a registered certificate');
}

/**
 * HTTP-Redirect binding (SAML Bindings 3.4.4.1): the signature covers the query parameters
 * exactly as they were sent, in this order — so they are taken from the raw query string, never
 * re-encoded from decoded values.
 */
export function verifyRedirect(rawQuery: string, messageParam: 'SAMLRequest' | 'SAMLResponse', certificates: string[]): void {
  const pairs = rawQuery.split('&').map((p) => {
    const i = p.indexOf('=');
    return i < 0 ? [p, ''] as const : [p.slice(0, i), p.slice(i + 1)] as const;
  });
  const raw = (name: string) => {
    const found = pairs.filter(([k]) => k === name);
    if (found.length > 1) throw new SignatureError(`${name} given twice`);
    return found[0]?.[1];
  };
  const message = raw(messageParam);
  const relayState = raw('RelayState');
  const sigAlg = raw('SigAlg');
  const signature = raw('Signature');
  if (!message || !sigAlg || !signature) throw new SignatureError('not signed');
  const alg = decodeURIComponent(sigAlg.replace(/\+/g, ' '));
  const hash = SIG_ALGS[alg as keyof typeof SIG_ALGS];
  if (!hash) throw new SignatureError('signature algorithm not allowed');
  const signed = [`${messageParam}=${message}`, ...(relayState !== undefined ? [`RelayState=${relayState}`] : []), `SigAlg=${sigAlg}`].join('&');
  const bytes = Buffer.from(decodeURIComponent(signature.replace(/\+/g, ' ')), 'base64');
  for (const cert of certificates) {
    try {
      if (verifyRaw(hash, Buffer.from(signed), createPublicKey(certPem(cert)), bytes)) return;
    } catch {
      // An unusable certificate: try the next.
    }
  }
  throw new SignatureError('the signature does not verify with a registered certificate');
}
