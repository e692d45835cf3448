/**
 * A tiny CAS 3.0 client that signs its users in through the portal's CAS server: the browser goes
 * to /cas/login?service=…, comes back with a service ticket, which this application validates at
 * /cas/p3/serviceValidate (the XML answer read with a DOM parser, nothing else); the portal's
 * back-channel single-logout POST ends the session that ticket started.
 * Run the portal (`npm start`), then `npx tsx examples/cas-client/server.ts` and open
 * http://127.0.0.1:8768/. Settings by environment: IDP, PORT.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';

const cas = `${(process.env.IDP ?? 'http://localhost:8080').replace(/\/+$/, '')}/cas`;
const port = Number(process.env.PORT ?? 8768);
const base = `http://127.0.0.1:${port}`;
/** This application's service URL: where the portal sends the ticket, and what the ticket is bound to. */
const service = `${base}/`;
// Cookies are not kept apart by port: two instances on one host need cookies of their own names.
const cookieName = `cas_session_${port}`;
const cookiePattern = new RegExp(`(?:^|;\\s*)${cookieName}=([\\w-]+)`);

const CAS_NS = 'http://www.yale.edu/tp/cas';
const SAML_PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';

type XmlElement = Element;
const elements = (parent: XmlElement, ns: string, name: string): XmlElement[] => {
  const list = parent.getElementsByTagNameNS(ns, name);
  return Array.from({ length: list.length }, (_, i) => list.item(i)!);
};
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement;

interface Session { user: string; attributes: [string, string[]][]; ticket: string }
/** Browser sessions of this application: cookie → signed-in person, with the ticket that signed them in (single logout names it). */
const sessions = new Map<string, Session>();

type Validation = { ok: true; user: string; attributes: [string, string[]][] } | { ok: false; code: string; message: string };

/** CAS 3.0 ticket validation: the portal says who the ticket is for and with which attributes, once. */
async function validate(ticket: string): Promise<Validation> {
  const res = await fetch(`${cas}/p3/serviceValidate?${new URLSearchParams({ service, ticket })}`);
  const root = parse(await res.text());
  const failure = elements(root, CAS_NS, 'authenticationFailure')[0];
  const success = elements(root, CAS_NS, 'authenticationSuccess')[0];
  if (!success) return { ok: false, code: failure?.getAttribute('code') ?? `HTTP ${res.status}`, message: (failure?.textContent ?? '').trim() };
  const attributes = new Map<string, string[]>();
  const block = elements(success, CAS_NS, 'attributes')[0];
  // Each attribute is an element of its own; one repeated is a list (roles).
  for (let node = block?.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const name = (node as XmlElement).localName;
    attributes.set(name, [...(attributes.get(name) ?? []), node.textContent ?? '']);
  }
  return { ok: true, user: elements(success, CAS_NS, 'user')[0]?.textContent ?? '', attributes: [...attributes] };
}

const esc = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) => `<!doctype html><meta charset="utf-8"><title>Demo CAS client</title>${body}`;
const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(page(body));
const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}) => res.writeHead(302, { location: to, ...headers }).end();

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('message too large');
  }
  return new URLSearchParams(body);
}

function home(session: Session | undefined): string {
  if (!session) return '<h1>Demo CAS client</h1><a id="sign-in" href="/login">Sign in with the portal</a>';
  const name = session.attributes.find(([key]) => key === 'name')?.[1][0];
  const rows = session.attributes.map(([key, values]) => `<tr data-attribute="${esc(key)}"><th>${esc(key)}</th><td>${values.map(esc).join(', ')}</td></tr>`);
  return `<h1 id="who">${esc(name ?? session.user)}</h1><p>Account: <span id="user">${esc(session.user)}</span></p>
<table id="attributes">${rows.join('')}</table>
<form method="post" action="/logout"><button id="sign-out">Sign out</button></form>`;
}

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', base);
  const id = cookiePattern.exec(req.headers.cookie ?? '')?.[1];
  const session = id ? sessions.get(id) : undefined;
  try {
    if (req.method === 'POST' && url.pathname !== '/logout') {
      // Back-channel single logout: the portal posts a LogoutRequest naming the ticket (SessionIndex)
      // whose session ended. It is unsigned in CAS; the ticket, known only to us and the portal, is the proof.
      const logoutRequest = (await formOf(req)).get('logoutRequest');
      if (!logoutRequest) return send(res, 400, '<h1>No logoutRequest</h1>');
      const ticket = elements(parse(logoutRequest), SAML_PROTOCOL, 'SessionIndex')[0]?.textContent?.trim();
      for (const [key, value] of sessions) if (ticket && value.ticket === ticket) sessions.delete(key);
      return res.writeHead(200).end();
    }
    if (url.pathname === '/login') {
      // renew=true asks for a fresh sign-in even with a portal session.
      const query = new URLSearchParams({ service });
      if (url.searchParams.get('renew') === 'true') query.set('renew', 'true');
      return redirect(res, `${cas}/login?${query}`);
    }
    if (url.pathname === '/' && url.searchParams.has('ticket')) {
      const ticket = url.searchParams.get('ticket')!;
      const answer = await validate(ticket);
      if (!answer.ok) return send(res, 403, `<h1 id="denied">Ticket refused</h1><p id="failure">${esc(answer.code)}: ${esc(answer.message)}</p><a href="/">Back</a>`);
      const sid = randomBytes(16).toString('base64url');
      sessions.set(sid, { user: answer.user, attributes: answer.attributes, ticket });
      return redirect(res, '/', { 'set-cookie': `${cookieName}=${sid}; HttpOnly; SameSite=Lax; Path=/` });
    }
    if (url.pathname === '/logout' && req.method === 'POST') {
      if (id) sessions.delete(id);
      // Signing out of the portal too; it sends the browser back here, since this service is registered.
      return redirect(res, `${cas}/logout?${new URLSearchParams({ service })}`);
    }
    return send(res, 200, home(session));
  } catch (error) {
    return send(res, 400, `<h1 id="failed">Sign-in failed</h1><p>${esc(String(error))}</p>`);
  }
}).listen(port, '127.0.0.1', () => console.warn(`Demo CAS client on ${base} (CAS ${cas})`));
