import { createPrivateKey } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEMO_PASSWORD, sessionTokenOf, signIn, startClient, storeCases, type Client } from './harness.js';
import { adminApi } from './adminHarness.js';
import { newKeyPair, type SigningKey } from '../../server/protocols/saml/keys.js';
import { signElement } from '../../server/protocols/saml/sign.js';

const IDP = 'https://idp.corp.example/saml';
const SSO = 'https://idp.corp.example/sso';
const ACS_PATH = '/idaas/auth/v1/upstream/saml/acs';
const P = 'urn:oasis:names:tc:SAML:2.0:protocol';
const A = 'urn:oasis:names:tc:SAML:2.0:assertion';

async function testKey(): Promise<SigningKey> {
  const { pkcs8, certificate } = await newKeyPair(IDP, Date.now(), 2048);
  return { kid: 'k', certificate, privateKeyPem: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'pem', type: 'pkcs8' }).toString() };
}

const metadata = (cert: string) => `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${IDP}">`
  + '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">'
  + `<md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`
  + `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${SSO}/post"/>`
  + `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${SSO}"/>`
  + '</md:IDPSSODescriptor></md:EntityDescriptor>';

interface Answer {
  inResponseTo: string | null; acs: string; audience: string; now: number;
  email: string; nameId?: string; destination?: string; notOnOrAfter?: number; issuer?: string; classRef?: string; uid?: string;
}
let serial = 0;

/** An assertion as a SAML IdP writes one (bearer, for our ACS, with an email and a display name). */
function assertion(a: Answer, id: string): string {
  const t = (ms: number) => new Date(ms).toISOString();
  const irt = a.inResponseTo ? ` InResponseTo="${a.inResponseTo}"` : '';
  return `<saml:Assertion xmlns:saml="${A}" ID="${id}" Version="2.0" IssueInstant="${t(a.now)}"><saml:Issuer>${a.issuer ?? IDP}</saml:Issuer>`
    + `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${a.nameId ?? `id-${a.email}`}</saml:NameID>`
    + `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} Recipient="${a.acs}" NotOnOrAfter="${t(a.notOnOrAfter ?? a.now + 300_000)}"/></saml:SubjectConfirmation></saml:Subject>`
    + `<saml:Conditions NotBefore="${t(a.now - 30_000)}" NotOnOrAfter="${t(a.notOnOrAfter ?? a.now + 300_000)}"><saml:AudienceRestriction><saml:Audience>${a.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    + `<saml:AuthnStatement AuthnInstant="${t(a.now)}"><saml:AuthnContext><saml:AuthnContextClassRef>${a.classRef ?? 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport'}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
    + `<saml:AttributeStatement><saml:Attribute Name="mail"><saml:AttributeValue>${a.email}</saml:AttributeValue></saml:Attribute>`
    + `<saml:Attribute Name="displayName"><saml:AttributeValue>Upstream ${a.email}</saml:AttributeValue></saml:Attribute>`
    + `${a.uid ? `<saml:Attribute Name="uid"><saml:AttributeValue>${a.uid}</saml:AttributeValue></saml:Attribute>` : ''}</saml:AttributeStatement></saml:Assertion>`;
}

function response(a: Answer, inner: string, extensions = ''): string {
  const irt = a.inResponseTo ? ` InResponseTo="${a.inResponseTo}"` : '';
  return `<samlp:Response xmlns:samlp="${P}" xmlns:saml="${A}" ID="_r${++serial}" Version="2.0" IssueInstant="${new Date(a.now).toISOString()}" Destination="${a.destination ?? a.acs}"${irt}>`
    + `<saml:Issuer>${a.issuer ?? IDP}</saml:Issuer>${extensions}<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${inner}</samlp:Response>`;
}

/** A Response whose Assertion is signed with `key`. */
function signedResponse(a: Answer, key: SigningKey): string {
  const id = `_a${++serial}`;
  return signElement(response(a, assertion(a, id)), id, key);
}

describe.each(storeCases())('sign-in through a SAML identity provider ($name)', (store) => {
  let client: Client;
  let admin: string;
  let key: SigningKey;
  let other: SigningKey;
  const api = adminApi(() => client, () => admin);
  let errors: MockInstance<typeof console.error>;
  const acs = () => `${client.app.config.publicUrl}${ACS_PATH}`;
  const entity = (code: string) => `${client.app.config.publicUrl}/idaas/auth/v1/upstream/saml/${code}`;

  beforeAll(async () => {
    errors = vi.spyOn(console, 'error');
    client = await startClient(store, 'upstream-saml');
    admin = await signIn(client, 'admin');
    [key, other] = await Promise.all([testKey(), testKey()]);
    const base = { kind: 'SAML', enabled: true, linkRule: 'EMAIL', askBind: true, jit: false, providerMfa: false, appIds: null, sortOrder: 0 };
    const saml = { metadataXml: metadata(key.certificate), attributes: { email: 'mail', name: 'displayName' } };
    await api.ok('/upstream-providers/create', { ...base, code: 'saml', name: 'Corp SAML', settings: { clientId: 'from-metadata', saml: { ...saml, emailVerified: true } } });
    const byAccount = { ...base, linkRule: 'ACCOUNT', askBind: false, settings: { clientId: 'from-metadata', saml: { ...saml, attributes: { account: 'uid' } } } };
    await api.ok('/upstream-providers/create', { ...byAccount, code: 'saml-mfa', name: 'Corp SAML MFA', providerMfa: true });
    await api.ok('/upstream-providers/create', { ...byAccount, code: 'saml-nomfa', name: 'Corp SAML no MFA' });
    await api.ok('/upstream-providers/create', { ...base, code: 'saml-strict', name: 'Corp SAML strict', askBind: false, settings: { clientId: 'from-metadata', saml } });
  });
  afterEach(() => errors?.mockClear());
  afterAll(async () => {
    errors?.mockRestore();
    await client?.close();
  });

  /** The browser leaving from /login: the AuthnRequest it carries, the RelayState and the cookie. */
  async function leave(provider: string) {
    const res = await client.get(`/auth/v1/upstream/start?${new URLSearchParams({ provider })}`);
    expect(res.statusCode, res.body).toBe(302);
    const url = new URL(String(res.headers.location));
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
    return {
      url, request, relay: url.searchParams.get('RelayState') ?? '', requestId: /\bID="([^"]+)"/.exec(request)?.[1] ?? '',
      cookie: res.cookies.find((c) => c.name === 'idaas_upstream')?.value,
    };
  }
  /** The IdP's page posting the Response to our ACS: where the browser is sent next. */
  async function post(xml: string, relay: string): Promise<URL> {
    const res = await client.app.inject({
      method: 'POST', url: ACS_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: Buffer.from(xml, 'utf8').toString('base64'), RelayState: relay }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
    return new URL(String(res.headers.location), 'http://portal.test');
  }
  /** The rest of the trip: the callback with this browser's cookie, then the sign-in page's finish. */
  async function land(next: URL, cookie: string | undefined) {
    expect(next.pathname).toBe('/idaas/auth/v1/upstream/callback');
    const res = await client.get(`${next.pathname.slice('/idaas'.length)}${next.search}`, { headers: cookie ? { cookie: `idaas_upstream=${cookie}` } : {} });
    expect(res.statusCode).toBe(302);
    const landed = new URL(String(res.headers.location), 'http://portal.test');
    expect(landed.searchParams.get('upstreamError')).toBeNull();
    return client.post('/auth/v1/upstream/finish', { ticket: landed.searchParams.get('upstream'), deviceId: 'saml-device' });
  }
  const answer = (trip: { requestId: string }, email: string, extra: Partial<Answer> = {}): Answer => ({
    inResponseTo: trip.requestId, acs: acs(), audience: entity('saml'), now: client.clock.now(), email, ...extra,
  });
  /** The ACS refused: back to /login with E60101, and the log says why (when the reason is the Response's). */
  function refused(next: URL, why?: RegExp) {
    expect(next.pathname).toBe('/login');
    expect(next.searchParams.get('upstreamError')).toBe('E60101');
    if (why) expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(why);
  }

  it('reads the metadata into entityID, HTTP-Redirect endpoint and certificate, and sends a fresh AuthnRequest by HTTP-Redirect', async () => {
    const list = await api.ok('/upstream-providers/list', {});
    const saml = list.find((p: { code: string }) => p.code === 'saml');
    expect(saml.settings).toMatchObject({ clientId: IDP, saml: { ssoUrl: SSO, certificates: [key.certificate], emailVerified: true } });
    expect(saml.settings.saml.metadataXml).toBeUndefined();
    const a = await leave('saml');
    const b = await leave('saml');
    expect(`${a.url.origin}${a.url.pathname}`).toBe(SSO);
    expect(a.request).toContain(`AssertionConsumerServiceURL="${acs()}"`);
    expect(a.request).toContain(`<saml:Issuer>${entity('saml')}</saml:Issuer>`);
    expect(a.requestId).toMatch(/^_\w{20,}/);
    expect(a.requestId).not.toBe(b.requestId);
    expect(a.relay.length).toBeGreaterThanOrEqual(24);
    expect(a.cookie).toBeTruthy();
  });

  it('refuses metadata with a DOCTYPE, and metadata without an HTTP-Redirect endpoint', async () => {
    const base = { code: 'saml-bad', name: 'Bad', kind: 'SAML', enabled: true, linkRule: 'EMAIL', askBind: true, jit: false, providerMfa: false, appIds: null, sortOrder: 0 };
    const dtd = await api.post('/upstream-providers/create', { ...base, settings: { clientId: 'x', saml: { metadataXml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${metadata(key.certificate)}` } } });
    expect(dtd.json()).toMatchObject({ code: 'E60106' });
    const postOnly = metadata(key.certificate).replace(/<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"[^>]*\/>/, '');
    const noRedirect = await api.post('/upstream-providers/create', { ...base, settings: { clientId: 'x', saml: { metadataXml: postOnly } } });
    expect(noRedirect.json().code).toBe('E60106');
    expect(JSON.stringify(noRedirect.json())).toContain('HTTP-Redirect');
  });

  it('links by the email the provider is trusted for on the first sign-in, then signs straight in', async () => {
    const trip = await leave('saml');
    const first = await land(await post(signedResponse(answer(trip, 'lisi@corp.example.com'), key), trip.relay), trip.cookie);
    expect(first.json()).toMatchObject({ code: 'D00000', data: { kind: 'signedIn', response: { userId: 'lisi' }, providerName: 'Corp SAML', upstreamName: 'Upstream lisi@corp.example.com' } });
    expect(sessionTokenOf(first)).toBeDefined();
    const again = await leave('saml');
    const second = await land(await post(signedResponse(answer(again, 'lisi@corp.example.com'), key), again.relay), again.cookie);
    expect(second.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'lisi' } });
    // lisi's links to this provider: one, however many other tests have signed in through it.
    const links = await client.app.store.db.selectFrom('social_bindings').innerJoin('users', 'users.id', 'social_bindings.user_ref')
      .select('social_bindings.social_id').where('social_bindings.source', '=', 'saml').where('users.user_id', '=', 'lisi').execute();
    expect(links.map((l) => l.social_id)).toEqual(['id-lisi@corp.example.com']);
  });

  it('asks an unknown person to bind with their portal password, then signs straight in; a signed Response of the whole message works too', async () => {
    const trip = await leave('saml');
    const first = await land(await post(signedResponse(answer(trip, 'stranger@elsewhere.example'), key), trip.relay), trip.cookie);
    expect(first.json().data).toMatchObject({ kind: 'bind', srmi: expect.any(String) });
    const bound = await client.post('/auth/v1/upstream/bind', {
      srmi: first.json().data.srmi, userId: await client.encrypt('zhangsan'), password: await client.encrypt(DEMO_PASSWORD), deviceId: 'saml-device',
    });
    expect(bound.json()).toMatchObject({ code: 'D00000', data: { userId: 'zhangsan' } });
    const again = await leave('saml');
    const a = answer(again, 'stranger@elsewhere.example');
    const whole = response(a, assertion(a, `_a${++serial}`));
    const signed = signElement(whole, /ID="(_r\d+)"/.exec(whole)?.[1] ?? '', key);
    const second = await land(await post(signed, again.relay), again.cookie);
    expect(second.json().data).toMatchObject({ kind: 'signedIn', response: { userId: 'zhangsan' } });
  });

  it("never links by an email the provider is not marked as verifying (the switch is off by default)", async () => {
    const trip = await leave('saml-strict');
    const res = await land(await post(signedResponse(answer(trip, 'lisi@corp.example.com', { audience: entity('saml-strict') }), key), trip.relay), trip.cookie);
    expect(res.json().code).toBe('E60103');
    expect(sessionTokenOf(res)).toBeUndefined();
  });

  it('skips the second factor only for a provider marked as performing MFA whose AuthnContextClassRef is multi-factor', async () => {
    const mfa = 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract';
    const trip = async (provider: string, classRef?: string) => {
      const t = await leave(provider);
      const a = answer(t, 'zl@corp.example.com', { audience: entity(provider), uid: 'zhaoliu', classRef, nameId: 'zhaoliu-saml' });
      return (await land(await post(signedResponse(a, key), t.relay), t.cookie)).json().data.response;
    };
    expect(await trip('saml-mfa', mfa)).toMatchObject({ userId: 'zhaoliu', secondAuth: false, instanceId: expect.any(String) });
    expect(await trip('saml-mfa')).toMatchObject({ secondAuth: true, instanceId: null });
    expect(await trip('saml-nomfa', mfa)).toMatchObject({ secondAuth: true, instanceId: null });
  });

  describe('refuses a Response that is', () => {
    it('unsigned', async () => {
      const trip = await leave('saml');
      const a = answer(trip, 'lisi@corp.example.com');
      refused(await post(response(a, assertion(a, '_unsigned')), trip.relay), /not signed/);
    });
    it('signed by another key', async () => {
      const trip = await leave('saml');
      refused(await post(signedResponse(answer(trip, 'lisi@corp.example.com'), other), trip.relay), /does not verify/);
    });
    it('wrapped: an unsigned Assertion for someone else, the signed one moved aside', async () => {
      const trip = await leave('saml');
      const a = answer(trip, 'mallory@corp.example.com');
      const signed = signedResponse(a, key);
      const genuine = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)?.[0] ?? '';
      const forged = assertion({ ...a, email: 'lisi@corp.example.com' }, '_forged');
      const moved = signed.replace(genuine, forged).replace('<samlp:Status>', `<samlp:Extensions>${genuine}</samlp:Extensions><samlp:Status>`);
      refused(await post(moved, trip.relay), /exactly one Assertion|schema/);
      // And beside it, in the same Response.
      const trip2 = await leave('saml');
      const signed2 = signedResponse(answer(trip2, 'mallory@corp.example.com'), key);
      refused(await post(signed2.replace('</samlp:Status>', `</samlp:Status>${assertion({ ...answer(trip2, 'lisi@corp.example.com') }, '_forged2')}`), trip2.relay), /exactly one Assertion|schema/);
    });
    it('replayed (the same InResponseTo twice)', async () => {
      const trip = await leave('saml');
      const xml = signedResponse(answer(trip, 'lisi@corp.example.com'), key);
      const first = await post(xml, trip.relay);
      expect(first.pathname).toBe('/idaas/auth/v1/upstream/callback');
      // The state moved on at the first: the same Response, or any other for this request, is refused.
      refused(await post(xml, trip.relay));
    });
    it('replayed in parallel: exactly one is taken', async () => {
      const trip = await leave('saml');
      const xml = signedResponse(answer(trip, 'lisi@corp.example.com'), key);
      const landed = await Promise.all(Array.from({ length: 5 }, () => post(xml, trip.relay)));
      expect(landed.filter((u) => u.pathname === '/idaas/auth/v1/upstream/callback')).toHaveLength(1);
    });
    it('unsolicited (no InResponseTo), or answering another request', async () => {
      const trip = await leave('saml');
      refused(await post(signedResponse(answer(trip, 'lisi@corp.example.com', { inResponseTo: null }), key), trip.relay), /unsolicited/);
      const other = await leave('saml');
      refused(await post(signedResponse(answer(trip, 'lisi@corp.example.com'), key), other.relay), /another request/);
    });
    it('for another Audience, to another Destination, or from another issuer', async () => {
      const t1 = await leave('saml');
      refused(await post(signedResponse(answer(t1, 'lisi@corp.example.com', { audience: 'https://other-sp.example' }), key), t1.relay), /Audience/);
      const t2 = await leave('saml');
      refused(await post(signedResponse(answer(t2, 'lisi@corp.example.com', { destination: 'https://other-sp.example/acs' }), key), t2.relay), /Destination/);
      const t3 = await leave('saml');
      refused(await post(signedResponse(answer(t3, 'lisi@corp.example.com', { issuer: 'https://evil.example' }), key), t3.relay), /issuer/);
    });
    it('expired (NotOnOrAfter passed)', async () => {
      const trip = await leave('saml');
      const now = client.clock.now();
      refused(await post(signedResponse(answer(trip, 'lisi@corp.example.com', { now: now - 20 * 60_000, notOnOrAfter: now - 10 * 60_000 }), key), trip.relay), /expired|confirmation/);
    });
    it('carrying a DOCTYPE with an entity', async () => {
      const trip = await leave('saml');
      const xml = signedResponse(answer(trip, 'lisi@corp.example.com'), key);
      refused(await post(`<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${xml}`, trip.relay), /document type/);
    });
    it('encrypted (EncryptedAssertion is not supported, and says so)', async () => {
      const trip = await leave('saml');
      const a = answer(trip, 'lisi@corp.example.com');
      const encrypted = '<saml:EncryptedAssertion><xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#"><xenc:CipherData><xenc:CipherValue>AAAA</xenc:CipherValue></xenc:CipherData></xenc:EncryptedData></saml:EncryptedAssertion>';
      refused(await post(response(a, encrypted), trip.relay), /encrypted assertions are not supported/);
    });
  });

  it('refuses a checked Response that reaches the callback without the browser that left', async () => {
    const trip = await leave('saml');
    const next = await post(signedResponse(answer(trip, 'lisi@corp.example.com'), key), trip.relay);
    const res = await client.get(`${next.pathname.slice('/idaas'.length)}${next.search}`);
    expect(new URL(String(res.headers.location), 'http://portal.test').searchParams.get('upstreamError')).toBe('E60101');
  });
});
