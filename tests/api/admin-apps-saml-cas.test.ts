import 'reflect-metadata';
import { webcrypto, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import * as x509 from '@peculiar/x509';
import { adminAppsSignOnEndpoints } from '../../contract/endpoints/admin/appsSignOn.js';
import { adminApi, unique } from './adminHarness.js';
import { signIn, startClient, storeCases, type Client } from './harness.js';

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;
const pemOf = (label: string, der: ArrayBuffer) => `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

/** A service provider's key pair and self-signed certificate, as an SP would publish in its metadata. */
async function spCredentials(cn: string) {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01', name: `CN=${cn}`, notBefore: new Date(), notAfter: new Date(Date.now() + 365 * 86_400_000), keys, signingAlgorithm: RSA,
  });
  return { cert: cert.toString('pem'), key: pemOf('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)) };
}

/** Real SP metadata: what @node-saml/node-saml publishes for a service provider. */
function spMetadata(base: string, creds: { cert: string; key: string }) {
  return generateServiceProviderMetadata({
    issuer: `${base}/metadata`, callbackUrl: `${base}/acs`, logoutCallbackUrl: `${base}/slo`,
    identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    publicCerts: creds.cert, decryptionCert: creds.cert, decryptionPvk: creds.key, privateKey: creds.key, wantAssertionsSigned: true,
  });
}

const derOf = (pem: string) => new X509Certificate(pem).raw.toString('base64');

describe.each(storeCases())('workbench: SAML and CAS applications ($name)', (store) => {
  let client: Client;
  let admin: string;
  let lisi: string;
  let creds: { cert: string; key: string };
  beforeAll(async () => {
    client = await startClient(store, 'adminsamlcas');
    admin = await signIn(client, 'admin');
    lisi = await signIn(client, 'lisi');
    creds = await spCredentials('sp.example.com');
  });
  afterAll(async () => { await client?.close(); });

  const { post, ok, audits } = adminApi(() => client, () => admin);
  const newApp = async () => {
    const appId = unique('h30app');
    const { id } = await ok('/apps/create', { appId, appName: `应用 ${appId}`, idpSsoUrl: `https://${appId}.example.com/`, loginTypes: ['ACCOUNT'] });
    return { id: id as number, appId };
  };
  const protocolOf = async (id: number) => (await ok('/apps/get', { id })).protocol;
  const byHand = (id: number, entityId: string, extra: Record<string, unknown> = {}) => ({
    id, entityId, acsUrls: [{ url: 'https://sp.example.com/acs', index: 0, isDefault: true }], sloUrl: null, sloBinding: null,
    nameIdFormat: 'email', attributes: [], requestsSigned: false, signingCerts: [], encryptionCert: null, metadataXml: null, ...extra,
  });

  it('refuses every endpoint to a non-administrator with E00403 and changes nothing', async () => {
    const app = await newApp();
    const bodies: Record<keyof typeof adminAppsSignOnEndpoints, unknown> = {
      samlGet: { id: app.id }, samlSave: byHand(app.id, unique('urn:evil')), samlRemove: { id: app.id },
      samlParseMetadata: { xml: spMetadata('https://evil.example.com', creds) },
      casGet: { id: app.id }, casSave: { id: app.id, services: [{ url: 'https://evil.example.com/', match: 'prefix' }] },
    };
    for (const [name, spec] of Object.entries(adminAppsSignOnEndpoints)) {
      const res = await client.post(spec.path, bodies[name as keyof typeof adminAppsSignOnEndpoints], { token: lisi });
      expect({ name, status: res.statusCode, code: res.json().code }).toEqual({ name, status: 403, code: 'E00403' });
    }
    expect(await protocolOf(app.id)).toBe('legacy');
    expect((await ok('/apps/saml/get', { id: app.id })).sp).toBeNull();
    expect((await ok('/apps/cas/get', { id: app.id })).services).toEqual([]);
  });

  it('reads real SP metadata into the form, saves it, and answers it back with the certificates described', async () => {
    const app = await newApp();
    const base = `https://${app.appId}.example.com`;
    const xml = spMetadata(base, creds);
    const parsed = await ok('/apps/saml/parse-metadata', { xml });
    const fingerprint = new X509Certificate(creds.cert).fingerprint256;
    expect(parsed).toMatchObject({
      entityId: `${base}/metadata`, acsUrls: [{ url: `${base}/acs`, index: 1, isDefault: true }],
      sloUrl: `${base}/slo`, sloBinding: 'post', nameIdFormat: 'persistent', requestsSigned: true, skipped: [],
      signingCerts: [{ der: derOf(creds.cert), subject: 'CN=sp.example.com', fingerprint }],
      encryptionCert: { fingerprint },
    });
    // Parsing stores nothing.
    expect((await ok('/apps/saml/get', { id: app.id })).sp).toBeNull();

    const attributes = [{ source: 'email', name: 'mail', friendlyName: 'E-mail' }, { source: 'roles', name: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.7', friendlyName: null }];
    await ok('/apps/saml/save', {
      id: app.id, entityId: parsed.entityId, acsUrls: parsed.acsUrls, sloUrl: parsed.sloUrl, sloBinding: parsed.sloBinding,
      nameIdFormat: parsed.nameIdFormat, attributes, requestsSigned: parsed.requestsSigned,
      signingCerts: parsed.signingCerts.map((c: { der: string }) => c.der), encryptionCert: parsed.encryptionCert.der, metadataXml: xml,
    });
    const { sp, idp } = await ok('/apps/saml/get', { id: app.id });
    expect(sp).toMatchObject({
      entityId: `${base}/metadata`, acsUrls: parsed.acsUrls, sloUrl: `${base}/slo`, sloBinding: 'post', nameIdFormat: 'persistent', attributes,
      requestsSigned: true, signingCerts: [{ subject: 'CN=sp.example.com', fingerprint }], encryptionCert: { fingerprint }, metadataXml: xml,
    });
    expect(new Date(sp.signingCerts[0].notAfter).getTime()).toBeGreaterThan(Date.now());
    expect(idp.entityId).toMatch(/\/saml\/metadata$/);
    expect(idp.ssoUrl).toMatch(/\/saml\/sso$/);
    expect(await protocolOf(app.id)).toBe('saml');
    const listed = (await ok('/apps/list', { keyword: app.appId, pageNum: 1, pageSize: 10 })).datas;
    expect(listed.map((a: { protocol: string }) => a.protocol)).toEqual(['saml']);

    const [row] = await audits('ADMIN_APP_SAML_SAVE', `app:${app.appId}`);
    const change = JSON.parse(row.changes ?? '{}');
    expect(JSON.stringify(change)).toContain(fingerprint);
    expect(JSON.stringify(change)).not.toContain(derOf(creds.cert).slice(0, 40));

    // A certificate pasted as PEM is kept as DER; changing a setting is logged with before and after.
    await ok('/apps/saml/save', byHand(app.id, `${base}/metadata`, { signingCerts: [creds.cert], requestsSigned: true }));
    const again = (await ok('/apps/saml/get', { id: app.id })).sp;
    expect(again).toMatchObject({ nameIdFormat: 'email', metadataXml: null, encryptionCert: null, signingCerts: [{ der: derOf(creds.cert) }] });
    expect(await audits('ADMIN_APP_SAML_SAVE', `app:${app.appId}`)).toHaveLength(2);

    await ok('/apps/saml/remove', { id: app.id });
    expect((await ok('/apps/saml/get', { id: app.id })).sp).toBeNull();
    expect(await protocolOf(app.id)).toBe('legacy');
    expect(await audits('ADMIN_APP_SAML_REMOVE', `app:${app.appId}`)).toHaveLength(1);
  });

  it('refuses unsafe, malformed, ambiguous and unusable metadata with clear codes', async () => {
    const good = spMetadata('https://sp.example.com', creds);
    const codeOf = async (xml: string) => (await post('/apps/saml/parse-metadata', { xml })).json().code;
    const body = good.replace(/^<\?xml[^>]*>\s*/, '');
    expect(await codeOf(`<!DOCTYPE md [<!ENTITY x "y">]>${body}`)).toBe('E40209');
    expect(await codeOf(`<?xml version="1.0"?><!DOCTYPE foo SYSTEM "file:///etc/passwd">${body}`)).toBe('E40209');
    expect(await codeOf(`<?xml-stylesheet href="x"?>${body}`)).toBe('E40209');
    expect(await codeOf('<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x:y">')).toBe('E40210');
    expect(await codeOf('<html><body>not metadata</body></html>')).toBe('E40210');
    const two = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${body}${body.replace(/sp\.example\.com\/metadata/, 'other.example.com/metadata')}</md:EntitiesDescriptor>`;
    const several = await post('/apps/saml/parse-metadata', { xml: two });
    expect(several.json()).toMatchObject({ code: 'E40211' });
    expect(several.json().message).toContain('2');
    const redirectOnly = good.replace(/(<AssertionConsumerService[^>]*Binding=")[^"]*"/, '$1urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"');
    expect(await codeOf(redirectOnly)).toBe('E40212');
    const badCert = good.replace(/<ds:X509Certificate>[^<]*</, '<ds:X509Certificate>bm90IGEgY2VydGlmaWNhdGU=<');
    expect(await codeOf(badCert)).toBe('E40213');
    const tooLarge = await post('/apps/saml/parse-metadata', { xml: `${good}<!--${'x'.repeat(256 * 1024)}-->` });
    expect([tooLarge.statusCode, tooLarge.json().code]).toEqual([400, 'E00001']);
    // An imported document is held to the same rules when saved.
    const app = await newApp();
    const unsafe = await post('/apps/saml/save', byHand(app.id, unique('urn:h30'), { metadataXml: `<!DOCTYPE x>${body}` }));
    expect(unsafe.json().code).toBe('E40209');
    expect((await ok('/apps/saml/get', { id: app.id })).sp).toBeNull();
  });

  it('refuses settings the identity provider could not use safely', async () => {
    const app = await newApp();
    const entityId = unique('urn:h30:sp');
    const codeOf = async (extra: Record<string, unknown>) => (await post('/apps/saml/save', byHand(app.id, entityId, extra))).json().code;
    const acs = (url: string, index: number, isDefault: boolean) => ({ url, index, isDefault });
    expect(await codeOf({ acsUrls: [] })).toBe('E00001');
    expect(await codeOf({ acsUrls: [acs('https://sp.example.com/a', 0, false)] })).toBe('E40214');
    expect(await codeOf({ acsUrls: [acs('https://sp.example.com/a', 0, true), acs('https://sp.example.com/b', 1, true)] })).toBe('E40214');
    expect(await codeOf({ acsUrls: [acs('https://sp.example.com/a', 0, true), acs('https://sp.example.com/b', 0, false)] })).toBe('E00001');
    for (const url of ['http://sp.example.com/acs', 'https://sp.example.com/acs#x', 'https://u:p@sp.example.com/acs', '/acs', 'javascript:alert(1)']) {
      const res = await post('/apps/saml/save', byHand(app.id, entityId, { acsUrls: [acs(url, 0, true)] }));
      expect({ url, code: res.json().code, field: res.json().message.includes('acsUrls') }).toEqual({ url, code: 'E00001', field: true });
    }
    expect(await codeOf({ acsUrls: [acs('http://127.0.0.1:8767/acs', 0, true)] })).toBe('D00000');
    expect(await codeOf({ sloUrl: 'https://sp.example.com/slo', sloBinding: null })).toBe('E00001');
    expect(await codeOf({ requestsSigned: true, signingCerts: [] })).toBe('E40215');
    expect(await codeOf({ signingCerts: ['not a certificate'] })).toBe('E40213');
    expect(await codeOf({ encryptionCert: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' })).toBe('E40213');
    expect(await codeOf({ nameIdFormat: 'transient' })).toBe('E00001');
    expect(await codeOf({ attributes: [{ source: 'password', name: 'pw', friendlyName: null }] })).toBe('E00001');
    expect(await codeOf({ attributes: [{ source: 'email', name: 'mail', friendlyName: null }, { source: 'name', name: 'mail', friendlyName: null }] })).toBe('E00001');
    expect((await post('/apps/saml/save', byHand(app.id, 'not a uri'))).json().code).toBe('E00001');
    expect((await post('/apps/saml/save', byHand(999_999, unique('urn:h30')))).json().code).toBe('E00404');
    // Only the one good save went through.
    expect((await ok('/apps/saml/get', { id: app.id })).sp.acsUrls).toEqual([acs('http://127.0.0.1:8767/acs', 0, true)]);
  });

  it('lets one application only hold an entity ID, also when two administrators save it at once', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const entityId = `https://${unique('shared')}.example.com/metadata`;
    const results = await Promise.all([post('/apps/saml/save', byHand(a.id, entityId)), post('/apps/saml/save', byHand(b.id, entityId))]);
    expect(results.map((r) => r.json().code).sort()).toEqual(['D00000', 'E40208']);
    const holders = await client.app.store.db.selectFrom('saml_sps').select('app_ref').where('entity_id', '=', entityId).execute();
    expect(holders).toHaveLength(1);
    const saved = (await audits('ADMIN_APP_SAML_SAVE', `app:${a.appId}`)).length + (await audits('ADMIN_APP_SAML_SAVE', `app:${b.appId}`)).length;
    expect(saved).toBe(1);
    // The holder may save it again; the other is still refused.
    const holder = holders[0].app_ref === a.id ? a : b;
    const other = holder === a ? b : a;
    await ok('/apps/saml/save', byHand(holder.id, entityId, { nameIdFormat: 'unspecified' }));
    expect((await post('/apps/saml/save', byHand(other.id, entityId))).json().code).toBe('E40208');
  });

  it('keeps an application\'s CAS service URLs, exact or prefix, and refuses wildcards and overlaps', async () => {
    const app = await newApp();
    const host = `${unique('cas')}.example.com`;
    const services = [{ url: `https://${host}/`, match: 'prefix' }, { url: `https://other-${host}/login?x=1`, match: 'exact' }];
    await ok('/apps/cas/save', { id: app.id, services });
    const got = await ok('/apps/cas/get', { id: app.id });
    expect(got.services.map((s: { url: string; match: string }) => ({ url: s.url, match: s.match })).sort((x: { url: string }, y: { url: string }) => x.url.localeCompare(y.url)))
      .toEqual([...services].sort((x, y) => x.url.localeCompare(y.url)));
    expect(got.casServerUrl).toMatch(/\/cas$/);
    expect(await protocolOf(app.id)).toBe('cas');
    const [row] = await audits('ADMIN_APP_CAS_SAVE', `app:${app.appId}`);
    expect(JSON.parse(row.changes ?? '{}')).toMatchObject({ before: { cas: null } });

    const codeOf = async (list: unknown[], id = app.id) => (await post('/apps/cas/save', { id, services: list })).json().code;
    for (const bad of [
      { url: `https://*.${host}/`, match: 'prefix' }, { url: `https://${host}/app/*`, match: 'exact' }, { url: `https://${host}`, match: 'prefix' },
      { url: `https://${host}/a?b=`, match: 'prefix' }, { url: `http://${host}/`, match: 'prefix' }, { url: `https://${host}/#x`, match: 'exact' },
      { url: 'ftp://files.example.com/', match: 'prefix' }, { url: `https://${host}/`, match: 'regex' },
    ]) expect({ bad, code: await codeOf([bad]) }).toEqual({ bad, code: 'E00001' });
    expect(await codeOf([services[0], services[0]])).toBe('E00001');
    // Another application may not take a URL this one's tickets go to, nor cover or fall under it.
    const other = await newApp();
    for (const overlap of [
      { url: `https://${host}/`, match: 'exact' }, { url: `https://${host}/app/home`, match: 'exact' },
      { url: `https://other-${host}/`, match: 'prefix' }, { url: `https://other-${host}/login?x=1`, match: 'exact' },
    ]) expect({ overlap, code: await codeOf([overlap], other.id) }).toEqual({ overlap, code: 'E40216' });
    expect(await codeOf([{ url: `https://${host}.evil.test/`, match: 'prefix' }], other.id)).toBe('D00000');
    expect(await audits('ADMIN_APP_CAS_SAVE', `app:${app.appId}`)).toHaveLength(1);
    // An empty list: no longer a CAS application.
    await ok('/apps/cas/save', { id: app.id, services: [] });
    expect(await protocolOf(app.id)).toBe('legacy');
  });

  it('keeps CAS URLs as the CAS server compares them: host case, default port and dot segments normalised', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const host = `${unique('norm')}.example.com`;
    await ok('/apps/cas/save', { id: a.id, services: [{ url: `https://${host.toUpperCase()}:443/x/../App/`, match: 'prefix' }] });
    expect((await ok('/apps/cas/get', { id: a.id })).services).toMatchObject([{ url: `https://${host}/App/`, match: 'prefix' }]);
    expect((await post('/apps/cas/save', { id: b.id, services: [{ url: `https://${host}:443/App/home`, match: 'exact' }] })).json().code).toBe('E40216');
    const twice = await post('/apps/cas/save', { id: b.id, services: [{ url: `https://b-${host}/x`, match: 'exact' }, { url: `https://B-${host}/x`, match: 'prefix' }] });
    expect([twice.statusCode, twice.json().code]).toEqual([400, 'E00001']);
    expect((await ok('/apps/cas/get', { id: b.id })).services).toEqual([]);
  });

  it('lets two administrators registering overlapping CAS URLs at once for two applications not both succeed', async () => {
    const [a, b] = [await newApp(), await newApp()];
    const host = `${unique('race')}.example.com`;
    const results = await Promise.all([
      post('/apps/cas/save', { id: a.id, services: [{ url: `https://${host}/`, match: 'prefix' }] }),
      post('/apps/cas/save', { id: b.id, services: [{ url: `https://${host}/app`, match: 'exact' }] }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual(['D00000', 'E40216']);
  });

  it('makes an application speak one protocol: SAML replaces its CAS services and CAS its SAML settings', async () => {
    const app = await newApp();
    await ok('/apps/cas/save', { id: app.id, services: [{ url: `https://${unique('swap')}.example.com/`, match: 'prefix' }] });
    await ok('/apps/saml/save', byHand(app.id, unique('urn:h30:swap')));
    expect(await protocolOf(app.id)).toBe('saml');
    expect((await ok('/apps/cas/get', { id: app.id })).services).toEqual([]);
    const [samlRow] = await audits('ADMIN_APP_SAML_SAVE', `app:${app.appId}`);
    expect(JSON.parse(samlRow.changes ?? '{}')).toMatchObject({ after: { cas: null } });

    await ok('/apps/cas/save', { id: app.id, services: [{ url: `https://${unique('swap')}.example.com/login`, match: 'exact' }] });
    expect(await protocolOf(app.id)).toBe('cas');
    expect((await ok('/apps/saml/get', { id: app.id })).sp).toBeNull();
    const casRows = await audits('ADMIN_APP_CAS_SAVE', `app:${app.appId}`);
    expect(JSON.parse(casRows.at(-1)!.changes ?? '{}')).toMatchObject({ after: { saml: null } });
  });
});
