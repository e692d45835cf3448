/**
 * A tiny SAML 2.0 service provider that signs its users in through the portal (@node-saml/node-saml):
 * SP-initiated sign-in by HTTP-Redirect, the Response received by HTTP-POST at /acs and checked
 * against the certificates of the portal's metadata, single logout both ways at /slo.
 * Run the portal (`npm start`), then `npx tsx examples/saml-sp/server.ts` and open
 * http://127.0.0.1:8767/. Settings by environment: IDP, PORT, ENTITY_ID.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { SAML, SamlStatusError, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';

const idp = (process.env.IDP ?? 'http://localhost:8080').replace(/\/+$/, '');
const port = Number(process.env.PORT ?? 8767);
const base = `http://127.0.0.1:${port}`;
const entityId = process.env.ENTITY_ID ?? `${base}/metadata`;
// Cookies are not kept apart by port: two instances on one host need cookies of their own names.
const cookieName = `sp_session_${port}`;
const cookiePattern = new RegExp(`(?:^|;\\s*)${cookieName}=([\\w-]+)`);

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SAML_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

type XmlElement = Element;
const children = (parent: XmlElement, ns: string, name: string): XmlElement[] => {
  const list = parent.getElementsByTagNameNS(ns, name);
  return Array.from({ length: list.length }, (_, i) => list.item(i)!);
};
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement;

/** What this SP needs of the portal's metadata: its entity ID, where to send requests, its signing certificates. */
async function idpMetadata() {
  const res = await fetch(`${idp}/saml/metadata`);
  if (!res.ok) throw new Error(`the portal's SAML metadata answered ${res.status}`);
  const root = parse(await res.text());
  const entity = root.localName === 'EntityDescriptor' ? root : children(root, MD, 'EntityDescriptor')[0];
  const descriptor = entity && children(entity, MD, 'IDPSSODescriptor')[0];
  if (!descriptor) throw new Error('the portal\'s metadata has no IDPSSODescriptor');
  const redirectLocation = (service: string) =>
    children(descriptor, MD, service).find((e) => e.getAttribute('Binding') === REDIRECT_BINDING)?.getAttribute('Location') ?? undefined;
  // Every signing certificate it publishes: the current one and the next one of a rotation.
  const certs = children(descriptor, MD, 'KeyDescriptor')
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => children(key, DS, 'X509Certificate').map((cert) => (cert.textContent ?? '').replace(/\s+/g, '')));
  return { entityId: entity.getAttribute('entityID') ?? '', sso: redirectLocation('SingleSignOnService'), slo: redirectLocation('SingleLogoutService'), certs };
}

const metadata = await idpMetadata();
if (!metadata.sso) throw new Error('the portal\'s metadata names no HTTP-Redirect SingleSignOnService');
const saml = new SAML({
  entryPoint: metadata.sso,
  logoutUrl: metadata.slo,
  idpIssuer: metadata.entityId,
  // Read again at every check, so a certificate rotated in the portal is followed without a restart.
  idpCert: (callback) => void idpMetadata().then((m) => callback(null, m.certs), (error: Error) => callback(error)),
  issuer: entityId,
  audience: entityId,
  callbackUrl: `${base}/acs`,
  logoutCallbackUrl: `${base}/slo`,
  // No NameIDPolicy format: the portal uses the one registered for this SP (persistent for the demo).
  identifierFormat: null,
  wantAuthnResponseSigned: true,
  wantAssertionsSigned: true,
  // An answer to a request of ours must answer one we sent, once; "my apps" sends unsolicited ones.
  validateInResponseTo: ValidateInResponseTo.ifPresent,
  acceptedClockSkewMs: 5_000,
  signatureAlgorithm: 'sha256',
});

interface Attribute { name: string; friendlyName: string; values: string[] }
interface Session { profile: Profile; attributes: Attribute[] }
/** Browser sessions of this application: cookie → signed-in person. */
const sessions = new Map<string, Session>();

/** The assertion's attributes with their friendly names (node-saml's profile keeps only the names). */
function attributesOf(profile: Profile): Attribute[] {
  const xml = profile.getAssertionXml?.();
  if (!xml) return [];
  return children(parse(xml), SAML_NS, 'Attribute').map((attribute) => ({
    name: attribute.getAttribute('Name') ?? '',
    friendlyName: attribute.getAttribute('FriendlyName') ?? '',
    values: children(attribute, SAML_NS, 'AttributeValue').map((value) => value.textContent ?? ''),
  }));
}

/** "Responder / RequestDenied": the status codes of a refusal, outermost first (node-saml rebuilds the Status without namespaces). */
function statusOf(error: SamlStatusError): string {
  return [...error.xmlStatus.matchAll(/\bValue="([^"]+)"/g)].map(([, value]) => value.split(':').pop()).join(' / ');
}

const esc = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) => `<!doctype html><meta charset="utf-8"><title>Demo SAML SP</title>${body}`;
const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(page(body));
const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}) => res.writeHead(302, { location: to, ...headers }).end();

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 512 * 1024) throw new Error('message too large');
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function home(session: Session | undefined): string {
  if (!session) return '<h1>Demo SAML SP</h1><a id="sign-in" href="/login">Sign in with the portal</a>';
  const { profile, attributes } = session;
  const named = attributes.find((a) => [a.friendlyName, a.name].some((n) => ['name', 'displayName', 'cn'].includes(n)));
  const rows = attributes.map((a) => `<tr data-attribute="${esc(a.friendlyName || a.name)}"><th>${esc(a.friendlyName)}</th><td>${esc(a.name)}</td><td>${a.values.map(esc).join(', ')}</td></tr>`);
  return `<h1 id="who">${esc(named?.values[0] ?? profile.nameID)}</h1>
<dl><dt>NameID</dt><dd id="name-id">${esc(profile.nameID)}</dd><dt>Format</dt><dd id="name-id-format">${esc(profile.nameIDFormat ?? '')}</dd>
<dt>SessionIndex</dt><dd id="session-index">${esc(profile.sessionIndex ?? '')}</dd></dl>
<table id="attributes"><tr><th>FriendlyName</th><th>Name</th><th>Values</th></tr>${rows.join('')}</table>
<form method="post" action="/logout"><button id="sign-out">Sign out</button></form>`;
}

/** Ends this application's sessions the portal's LogoutRequest names (its NameID, and its SessionIndex if given). */
function endSessionsOf(request: Profile): void {
  for (const [key, { profile }] of sessions) {
    if (profile.nameID === request.nameID && (!request.sessionIndex || request.sessionIndex === profile.sessionIndex)) sessions.delete(key);
  }
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  const id = cookiePattern.exec(req.headers.cookie ?? '')?.[1];
  const session = id ? sessions.get(id) : undefined;
  try {
    if (url.pathname === '/metadata') {
      return res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(saml.generateServiceProviderMetadata(null));
    }
    if (url.pathname === '/login') return redirect(res, await saml.getAuthorizeUrlAsync('', undefined, {}));
    if (url.pathname === '/acs' && req.method === 'POST') {
      // The portal's POST comes from another site, so no cookie of ours arrives: the session starts here.
      try {
        const { profile } = await saml.validatePostResponseAsync(await formOf(req));
        if (!profile) return redirect(res, '/');
        const sid = randomBytes(16).toString('base64url');
        sessions.set(sid, { profile, attributes: attributesOf(profile) });
        return redirect(res, '/', { 'set-cookie': `${cookieName}=${sid}; HttpOnly; SameSite=Lax; Path=/` });
      } catch (error) {
        if (!(error instanceof SamlStatusError)) throw error;
        // The portal refused (no permission, a disabled account…): say so rather than fail.
        return send(res, 403, `<h1 id="denied">Access denied</h1><p id="status">${esc(statusOf(error))}</p><a href="/">Back</a>`);
      }
    }
    if (url.pathname === '/logout' && req.method === 'POST') {
      if (!session) return redirect(res, '/');
      sessions.delete(id!);
      // SP-initiated single logout: the portal ends its session and answers at /slo. A portal
      // that names no SingleLogoutService signs out of this SP only.
      if (!metadata.slo) return redirect(res, '/');
      return redirect(res, await saml.getLogoutUrlAsync(session.profile, '', {}));
    }
    if (url.pathname === '/slo') {
      const form = req.method === 'POST' ? await formOf(req) : Object.fromEntries(url.searchParams);
      if (form.SAMLRequest) {
        // The portal signs its users out of this application: only a signed request may do that
        // (node-saml would take an unsigned one by Redirect).
        if (req.method !== 'POST' && !form.Signature) return send(res, 400, '<h1>Unsigned logout request refused</h1>');
        const { profile } = req.method === 'POST' ? await saml.validatePostRequestAsync(form) : await saml.validateRedirectAsync(form, url.search.slice(1));
        endSessionsOf(profile!);
        return redirect(res, await saml.getLogoutResponseUrlAsync(profile!, form.RelayState ?? '', {}, true));
      }
      if (form.SAMLResponse) {
        if (req.method === 'POST') await saml.validatePostResponseAsync(form);
        else await saml.validateRedirectAsync(form, url.search.slice(1));
        return redirect(res, '/');
      }
      return send(res, 400, '<h1>No SAML message</h1>');
    }
    return send(res, 200, home(session));
  } catch (error) {
    return send(res, 400, `<h1 id="failed">Sign-in failed</h1><p>${esc(String(error))}</p>`);
  }
}).listen(port, '127.0.0.1', () => console.warn(`Demo SAML SP on ${base} (entity ${entityId}, IdP ${metadata.entityId})`));
