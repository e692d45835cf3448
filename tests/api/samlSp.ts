import { deflateRawSync } from 'node:zlib';
import { SAML, type SamlConfig } from '@node-saml/node-saml';
import type { LightMyRequestResponse } from 'fastify';
import { signIn, startClient, type Client, type StoreCase } from './harness.js';

/**
 * What the SAML suites share: the portal (its browser side through inject: nothing in SAML's
 * front-channel bindings needs the SP to reach the portal over a socket), a real SP library
 * (@node-saml/node-saml) that builds the AuthnRequests and validates what the portal POSTs back,
 * and readers for the self-submitting form and the portal's error page.
 */

export const DEMO_SP = { entityId: 'http://127.0.0.1:8767/metadata', acs: 'http://127.0.0.1:8767/acs' };
export const DEMO_SP_2 = { entityId: 'http://127.0.0.1:8769/metadata', acs: 'http://127.0.0.1:8769/acs' };
export const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

export interface SamlServer { client: Client; base: string; sso: string; entityId: string }

export async function startSaml(store: StoreCase, label: string): Promise<SamlServer> {
  const base = 'https://idp.example.test';
  const client = await startClient(store, label, { publicUrl: base });
  return { client, base, sso: `${base}/saml/sso`, entityId: `${base}/saml/metadata` };
}

/** The signing certificates the IdP's metadata publishes (base64 DER), current first. */
export async function idpCerts(s: SamlServer): Promise<string[]> {
  const res = await s.client.app.inject({ method: 'GET', url: '/saml/metadata' });
  return [...res.body.matchAll(/<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/g)].map((m) => m[1]);
}

/** The service provider, as a real SAML library is configured against the portal's metadata. */
export async function serviceProvider(s: SamlServer, sp = DEMO_SP, extra: Partial<SamlConfig> = {}): Promise<SAML> {
  return new SAML({
    entryPoint: s.sso, issuer: sp.entityId, callbackUrl: sp.acs, audience: sp.entityId, idpCert: await idpCerts(s), idpIssuer: s.entityId,
    identifierFormat: PERSISTENT, wantAssertionsSigned: true, wantAuthnResponseSigned: true, validateInResponseTo: 'always' as never,
    acceptedClockSkewMs: 5000, ...extra,
  });
}

/** A browser GET of a portal URL (absolute or a path), with the portal session cookie when given. */
export function browse(s: SamlServer, url: string, token?: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const u = new URL(url, s.base);
  return s.client.app.inject({ method: 'GET', url: `${u.pathname}${u.search}`, headers: { ...(token ? { cookie: `idaas_token=${token}` } : {}), ...headers } });
}

export function postForm(s: SamlServer, path: string, form: Record<string, string>, token?: string): Promise<LightMyRequestResponse> {
  return s.client.app.inject({
    method: 'POST', url: path, payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { cookie: `idaas_token=${token}` } : {}) },
  });
}

const unescapeHtml = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The self-submitting form the portal answers with: where it posts and what. */
export function formOf(res: LightMyRequestResponse): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(res.body)?.[1];
  if (res.statusCode !== 200 || !action) throw new Error(`not a SAML form: ${res.statusCode} ${res.body.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const m of res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]] = unescapeHtml(m[2]);
  return { action: unescapeHtml(action), fields };
}

/** The Response XML inside a form. */
export const responseXml = (form: { fields: Record<string, string> }) => Buffer.from(form.fields.SAMLResponse, 'base64').toString('utf8');

/** The status code(s) of a Response the portal posted. */
export const statusCodes = (xml: string) => [...xml.matchAll(/<samlp:StatusCode Value="([^"]+)"/g)].map((m) => m[1].split(':').pop());

/** The error code the portal's page names. */
export const pageCode = (res: LightMyRequestResponse) => /<code>([^<]+)<\/code>/.exec(res.body)?.[1];

/** The SP starts single sign-on by HTTP-Redirect: the portal's answer to the browser following its redirect. */
export async function spInitiated(s: SamlServer, sp: SAML, token?: string, relayState = ''): Promise<{ res: LightMyRequestResponse; url: string }> {
  const url = await sp.getAuthorizeUrlAsync(relayState, undefined, {});
  return { res: await browse(s, url, token), url };
}

/** An AuthnRequest written by hand (for the attacks), as the Redirect binding carries it. */
export function redirectQuery(xml: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ SAMLRequest: deflateRawSync(Buffer.from(xml)).toString('base64'), ...extra }).toString();
}

export function authnRequestXml(o: { id: string; issuer: string; destination?: string; instant?: string; acs?: string; extra?: string; attrs?: string }): string {
  return `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.id}" Version="2.0"`
    + ` IssueInstant="${o.instant ?? new Date().toISOString()}"${o.destination ? ` Destination="${o.destination}"` : ''}${o.acs ? ` AssertionConsumerServiceURL="${o.acs}"` : ''}${o.attrs ?? ''}>`
    + `<saml:Issuer>${o.issuer}</saml:Issuer>${o.extra ?? ''}</samlp:AuthnRequest>`;
}

export { signIn };
