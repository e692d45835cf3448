/**
 * The answers of the validation and proxy endpoints, as CAS protocol 3.0 writes them (appendix
 * A of the specification): `cas:serviceResponse` in XML (the default) or its JSON mirror with
 * `format=JSON`. Every value is escaped; the user's own data (a name with `<`, `&`) is text.
 */

export type CasFailureCode =
  | 'INVALID_REQUEST' | 'INVALID_TICKET_SPEC' | 'UNAUTHORIZED_SERVICE_PROXY' | 'INVALID_PROXY_CALLBACK'
  | 'INVALID_TICKET' | 'INVALID_SERVICE' | 'INTERNAL_ERROR';

export type CasFormat = 'XML' | 'JSON';

/** Attribute values: one string, or several (roles). */
export type CasAttributes = Record<string, string | string[]>;

export interface CasSuccess {
  user: string;
  attributes?: CasAttributes;
  proxyGrantingTicket?: string;
  /** Most recent first. */
  proxies?: string[];
}

export const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const NS = 'http://www.yale.edu/tp/cas';
const envelope = (inner: string) => `<cas:serviceResponse xmlns:cas="${NS}">\n${inner}\n</cas:serviceResponse>\n`;
const element = (name: string, value: string) => `<cas:${name}>${escapeXml(value)}</cas:${name}>`;

/** An attribute name as an XML element name: letters, digits, `_`, `-`, `.`; anything else dropped. */
const elementName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '') || 'attribute';

export function successXml(s: CasSuccess): string {
  const lines = [`  ${element('user', s.user)}`];
  if (s.attributes && Object.keys(s.attributes).length > 0) {
    lines.push('  <cas:attributes>');
    for (const [name, value] of Object.entries(s.attributes)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`    ${element(elementName(name), one)}`);
    }
    lines.push('  </cas:attributes>');
  }
  if (s.proxyGrantingTicket) lines.push(`  ${element('proxyGrantingTicket', s.proxyGrantingTicket)}`);
  if (s.proxies && s.proxies.length > 0) {
    lines.push('  <cas:proxies>', ...s.proxies.map((p) => `    ${element('proxy', p)}`), '  </cas:proxies>');
  }
  return envelope(`<cas:authenticationSuccess>\n${lines.join('\n')}\n</cas:authenticationSuccess>`);
}

export function successJson(s: CasSuccess): string {
  const body: Record<string, unknown> = { user: s.user };
  if (s.proxyGrantingTicket) body.proxyGrantingTicket = s.proxyGrantingTicket;
  if (s.proxies && s.proxies.length > 0) body.proxies = s.proxies;
  if (s.attributes && Object.keys(s.attributes).length > 0) body.attributes = s.attributes;
  return JSON.stringify({ serviceResponse: { authenticationSuccess: body } });
}

/** What the failure says: the code is for the client, the description for whoever reads its log. */
export function failure(kind: 'authentication' | 'proxy', format: CasFormat, code: CasFailureCode, description: string): string {
  const tag = `${kind}Failure`;
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { [tag]: { code, description } } });
  return envelope(`<cas:${tag} code="${escapeXml(code)}">${escapeXml(description)}</cas:${tag}>`);
}

export function proxySuccess(format: CasFormat, proxyTicket: string): string {
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { proxySuccess: { proxyTicket } } });
  return envelope(`<cas:proxySuccess>\n  ${element('proxyTicket', proxyTicket)}\n</cas:proxySuccess>`);
}

export const CONTENT_TYPE: Record<CasFormat, string> = { XML: 'application/xml; charset=utf-8', JSON: 'application/json; charset=utf-8' };

/** `format=JSON` (any case) answers JSON; anything else, or nothing, XML. */
export const formatOf = (raw: unknown): CasFormat => (typeof raw === 'string' && raw.toUpperCase() === 'JSON' ? 'JSON' : 'XML');
