import { NS } from './constants.js';

export class RequestShapeError extends Error {}

export interface AuthnRequest {
  id: string;
  issueInstant: number;
  issuer: string;
  destination: string | null;
  forceAuthn: boolean;
  isPassive: boolean;
  acsUrl: string | null;
  acsIndex: number | null;
  protocolBinding: string | null;
  nameIdFormat: string | null;
  /** Whether the request carries a Signature element (Redirect binding must not). */
  signed: boolean;
}

/** The attributes the schema allows on an AuthnRequest (RequestAbstractType + AuthnRequestType). */
const REQUEST_ATTRIBUTES = new Set(['ID', 'Version', 'IssueInstant', 'Destination', 'Consent', 'ForceAuthn', 'IsPassive', 'ProtocolBinding',
  'AssertionConsumerServiceIndex', 'AssertionConsumerServiceURL', 'AttributeConsumingServiceIndex', 'ProviderName']);

/** The children of an AuthnRequest, in the only order the schema allows, each at most once. */
const REQUEST_CHILDREN: [ns: string, local: string][] = [
  [NS.assertion, 'Issuer'], [NS.dsig, 'Signature'], [NS.protocol, 'Extensions'], [NS.assertion, 'Subject'], [NS.protocol, 'NameIDPolicy'],
  [NS.assertion, 'Conditions'], [NS.protocol, 'RequestedAuthnContext'], [NS.protocol, 'Scoping'],
];

export const NCNAME = /^[A-Za-z_][\w.-]{0,255}$/;
/** xs:dateTime as SAML requires it: UTC, no offset (SAML Core 1.3.3). */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const BOOLEAN: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/** xmldom answers '' for an absent attribute; SAML tells absent from empty. */
export const attrOf = (node: Element, name: string): string | null => (node.hasAttribute(name) ? node.getAttribute(name) : null);

export const childElements = (node: Element): Element[] => Array.from(node.childNodes).filter((n): n is Element => n.nodeType === 1);

/** Text and CDATA between elements must be whitespace: the schema gives AuthnRequest element-only content. */
export function assertElementOnly(node: Element): void {
  for (const child of Array.from(node.childNodes)) {
    if ((child.nodeType === 3 || child.nodeType === 4) && child.nodeValue?.trim()) throw new RequestShapeError(`text inside ${node.localName}`);
  }
}

/** Attributes without a namespace must be among `allowed`; namespaced ones are the schema's anyAttribute (##other). */
export function assertAttributes(node: Element, allowed: Set<string>): void {
  for (const a of Array.from(node.attributes)) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue;
    if (!a.namespaceURI && !allowed.has(a.name)) throw new RequestShapeError(`attribute ${a.name} not allowed on ${node.localName}`);
    if (a.namespaceURI === NS.protocol || a.namespaceURI === NS.assertion) throw new RequestShapeError(`attribute ${a.name} not allowed on ${node.localName}`);
  }
}

function booleanAttr(node: Element, name: string): boolean {
  const value = attrOf(node, name);
  if (value === null) return false;
  if (!(value in BOOLEAN)) throw new RequestShapeError(`${name} is not a boolean`);
  return BOOLEAN[value];
}

/** The text of an element holding only text (Issuer). */
export function textOf(node: Element): string {
  if (childElements(node).length) throw new RequestShapeError(`${node.localName} holds elements`);
  return (node.textContent ?? '').trim();
}

/**
 * Reads an AuthnRequest the way the SAML 2.0 protocol schema allows it and no other way: the root
 * element and its namespace, its attributes and their types, its children in the schema's
 * order and number, Issuer required (the profile needs it), Version 2.0, an ID, IssueInstant in
 * UTC, ACS by URL or by index but not both. Anything else is a refusal, not a guess.
 */
export function readAuthnRequest(doc: Document): AuthnRequest {
  const root = doc.documentElement;
  if (root.namespaceURI !== NS.protocol || root.localName !== 'AuthnRequest') throw new RequestShapeError('not an AuthnRequest');
  assertAttributes(root, REQUEST_ATTRIBUTES);
  assertElementOnly(root);
  if (root.getAttribute('Version') !== '2.0') throw new RequestShapeError('version must be 2.0');
  const id = root.getAttribute('ID') ?? '';
  if (!NCNAME.test(id)) throw new RequestShapeError('ID is not an xs:ID');
  const issueInstantText = root.getAttribute('IssueInstant') ?? '';
  const issueInstant = DATE_TIME.test(issueInstantText) ? Date.parse(issueInstantText) : NaN;
  if (!Number.isFinite(issueInstant)) throw new RequestShapeError('IssueInstant is not a UTC xs:dateTime');

  const children = childElements(root);
  let position = 0;
  const found = new Map<string, Element>();
  for (const child of children) {
    const at = REQUEST_CHILDREN.findIndex(([ns, local], i) => i >= position && ns === child.namespaceURI && local === child.localName);
    if (at < 0) throw new RequestShapeError(`${child.localName} not allowed here`);
    position = at + 1;
    found.set(child.localName, child);
  }
  const issuerNode = found.get('Issuer');
  if (!issuerNode) throw new RequestShapeError('no Issuer');
  assertAttributes(issuerNode, new Set(['Format', 'NameQualifier', 'SPNameQualifier', 'SPProvidedID']));
  const issuerFormat = issuerNode.getAttribute('Format');
  if (issuerFormat && issuerFormat !== 'urn:oasis:names:tc:SAML:2.0:nameid-format:entity') throw new RequestShapeError('Issuer format must be entity');
  const issuer = textOf(issuerNode);
  if (!issuer) throw new RequestShapeError('empty Issuer');

  let nameIdFormat: string | null = null;
  const policy = found.get('NameIDPolicy');
  if (policy) {
    assertAttributes(policy, new Set(['Format', 'SPNameQualifier', 'AllowCreate']));
    if (childElements(policy).length) throw new RequestShapeError('NameIDPolicy holds elements');
    booleanAttr(policy, 'AllowCreate');
    nameIdFormat = policy.getAttribute('Format') || null;
  }

  const acsUrl = attrOf(root, 'AssertionConsumerServiceURL');
  const acsIndexText = attrOf(root, 'AssertionConsumerServiceIndex');
  if (acsUrl !== null && acsIndexText !== null) throw new RequestShapeError('both an ACS URL and an ACS index');
  if (acsIndexText !== null && !/^\d{1,5}$/.test(acsIndexText)) throw new RequestShapeError('ACS index is not an unsignedShort');
  const acsIndex = acsIndexText === null ? null : Number(acsIndexText);
  if (acsIndex !== null && acsIndex > 65535) throw new RequestShapeError('ACS index is not an unsignedShort');

  return {
    id, issueInstant, issuer, destination: attrOf(root, 'Destination'),
    forceAuthn: booleanAttr(root, 'ForceAuthn'), isPassive: booleanAttr(root, 'IsPassive'),
    acsUrl, acsIndex, protocolBinding: attrOf(root, 'ProtocolBinding'), nameIdFormat, signed: found.has('Signature'),
  };
}
