import { createPrivateKey } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair } from '../../server/protocols/saml/keys.js';
import { storeCases } from './harness.js';
import {
  DEMO_SP, DEMO_SP_2, authnRequestXml, browse, formOf, pageCode, postForm, redirectQuery, responseXml, serviceProvider, signIn, startSaml, statusCodes, type SamlServer,
} from './samlSp.js';

/** An SP key pair and certificate, as an SP's metadata would carry them. */
async function spKey(name: string): Promise<{ pem: string; cert: string }> {
  const { pkcs8, certificate } = await newKeyPair(name, Date.now(), 2048);
  return { pem: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'pem', type: 'pkcs8' }).toString(), cert: certificate };
}

/** The hidden SAMLRequest of the form node-saml writes for the HTTP-POST binding. */
const formRequest = (html: string) => Buffer.from(/name="SAMLRequest" value="([^"]+)"/.exec(html)![1], 'base64').toString('utf8');
const b64 = (xml: string) => Buffer.from(xml).toString('base64');

let n = 0;
const newId = () => `_attack${process.pid}${Date.now()}${n++}`;

describe.each(storeCases())('SAML attacks are refused ($name)', (store) => {
  let s: SamlServer;
  let key: { pem: string; cert: string };
  let otherKey: { pem: string; cert: string };
  beforeAll(async () => {
    s = await startSaml(store, 'samlattacks');
    [key, otherKey] = await Promise.all([spKey('http://127.0.0.1:8769/metadata'), spKey('http://attacker.example/')]);
    // The second demo SP requires signed AuthnRequests, with this certificate.
    await s.client.app.store.db.updateTable('saml_sps').set({ requests_signed: 1, signing_certs: JSON.stringify([key.cert]) })
      .where('entity_id', '=', DEMO_SP_2.entityId).execute();
  });
  afterAll(async () => s.client.close());

  const signedSp = (pem: string, binding?: 'HTTP-POST') =>
    serviceProvider(s, DEMO_SP_2, { privateKey: pem, signatureAlgorithm: 'sha256', digestAlgorithm: 'sha256', ...(binding ? { authnRequestBinding: binding, skipRequestCompression: true } : {}) });

  it('a signed AuthnRequest is accepted by Redirect and by POST; unsigned or signed with another key, refused', async () => {
    const token = await signIn(s.client, 'zhangsan');
    const good = await signedSp(key.pem);
    const form = formOf(await browse(s, await good.getAuthorizeUrlAsync('', undefined, {}), token));
    expect((await good.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse })).profile?.uid).toBe('zhangsan');

    const post = await signedSp(key.pem, 'HTTP-POST');
    const signedXml = formRequest(await post.getAuthorizeFormAsync('', undefined, {}));
    expect(signedXml).toContain('<Signature');
    expect(formOf(await postForm(s, '/saml/sso', { SAMLRequest: b64(signedXml) }, token)).action).toBe(DEMO_SP_2.acs);

    const unsigned = await serviceProvider(s, DEMO_SP_2);
    const wrongKey = await signedSp(otherKey.pem);
    const [a, b] = await Promise.all([
      browse(s, await unsigned.getAuthorizeUrlAsync('', undefined, {}), token),
      browse(s, await wrongKey.getAuthorizeUrlAsync('', undefined, {}), token),
    ]);
    expect([a.statusCode, pageCode(a)]).toEqual([403, 'signature_required']);
    expect([b.statusCode, pageCode(b)]).toEqual([403, 'invalid_signature']);
  });

  it('signature wrapping of a signed AuthnRequest is refused, whichever way it is wrapped', async () => {
    const post = await signedSp(key.pem, 'HTTP-POST');
    const signedXml = formRequest(await post.getAuthorizeFormAsync('', undefined, {})).replace(/^<\?xml[^>]*\?>/, '');
    const id = /ID="([^"]+)"/.exec(signedXml)![1];
    const signature = /<Signature[\s\S]*<\/Signature>/.exec(signedXml)![0];
    const unsignedOriginal = signedXml.replace(signature, '');
    const evilAcs = 'https://attacker.example/acs';
    const open = (rootId: string) => `<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${rootId}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${s.sso}" AssertionConsumerServiceURL="${evilAcs}"><saml:Issuer>${DEMO_SP_2.entityId}</saml:Issuer>`;
    const wrapped = [
      // The signature moved to an evil root; the signed original hidden in Extensions.
      `${open(newId())}${signature}<samlp:Extensions>${unsignedOriginal}</samlp:Extensions></samlp:AuthnRequest>`,
      // The evil root takes the original's ID; the signed original (still signed) inside it.
      `${open(id)}${signature}<samlp:Extensions>${unsignedOriginal}</samlp:Extensions></samlp:AuthnRequest>`,
      // The signed original untouched inside Extensions, its signature with it; the evil root unsigned.
      `${open(newId())}<samlp:Extensions>${signedXml}</samlp:Extensions></samlp:AuthnRequest>`,
      // A second signature beside the original one.
      signedXml.replace('</samlp:AuthnRequest>', `<samlp:Extensions>${signature}</samlp:Extensions></samlp:AuthnRequest>`),
    ];
    const answers = await Promise.all(wrapped.map((xml) => postForm(s, '/saml/sso', { SAMLRequest: b64(xml) })));
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(evilAcs);
    }
  });

  it('a replayed request ID: of twenty sent at once, exactly one is answered', async () => {
    const sp = await serviceProvider(s);
    const url = await sp.getAuthorizeUrlAsync('', undefined, {});
    const answers = await Promise.all(Array.from({ length: 20 }, () => browse(s, url)));
    expect(answers.filter((r) => r.statusCode === 303)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400 && pageCode(r) === 'replayed_request')).toHaveLength(19);
  });

  it('an expired IssueInstant: the SP hears Requester/RequestDenied, nobody is signed in', async () => {
    const token = await signIn(s.client, 'lisi');
    const xml = authnRequestXml({ id: newId(), issuer: DEMO_SP.entityId, destination: s.sso, instant: new Date(Date.now() - 10 * 60_000).toISOString() });
    const res = await browse(s, `/saml/sso?${redirectQuery(xml)}`, token);
    expect(statusCodes(responseXml(formOf(res)))).toEqual(['Requester', 'RequestDenied']);
    expect(responseXml(formOf(res))).not.toContain('Assertion');
  });

  it('DTDs, entities, a foreign ACS, a wrong Destination, an unknown SP, a huge or inflating message: refused, never 5xx', async () => {
    const base = { issuer: DEMO_SP.entityId, destination: s.sso };
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${authnRequestXml({ ...base, id: newId() }).replace('</saml:Issuer>', '&lol2;</saml:Issuer>')}`;
    const xxe = `<!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>${authnRequestXml({ ...base, id: newId(), issuer: '&x;' })}`;
    const bomb = deflateRawSync(Buffer.from(`${authnRequestXml({ ...base, id: newId() }).slice(0, -22)}${' '.repeat(20 * 1024 * 1024)}</samlp:AuthnRequest>`)).toString('base64');
    const cases: [Promise<{ statusCode: number; body: string }>, number, string | null][] = [
      [browse(s, `/saml/sso?${redirectQuery(laughs)}`), 400, 'invalid_request'],
      [postForm(s, '/saml/sso', { SAMLRequest: b64(xxe) }), 400, 'invalid_request'],
      [browse(s, `/saml/sso?${redirectQuery(authnRequestXml({ ...base, id: newId(), acs: 'https://attacker.example/acs' }))}`), 400, 'acs_not_registered'],
      [browse(s, `/saml/sso?${redirectQuery(authnRequestXml({ ...base, id: newId(), destination: 'https://other-idp.example/sso' }))}`), 400, 'wrong_destination'],
      [browse(s, `/saml/sso?${redirectQuery(authnRequestXml({ ...base, id: newId(), issuer: 'https://unknown.example/sp' }))}`), 404, 'unknown_service_provider'],
      [browse(s, `/saml/sso?${new URLSearchParams({ SAMLRequest: bomb })}`), 400, 'invalid_request'],
      [postForm(s, '/saml/sso', { SAMLRequest: b64(`${authnRequestXml({ ...base, id: newId() }).slice(0, -22)}${'<x/>'.repeat(300_000)}</samlp:AuthnRequest>`) }), 413, null],
      [browse(s, `/saml/sso?${redirectQuery(authnRequestXml({ ...base, id: newId(), attrs: ' Evil="1"' }))}`), 400, 'invalid_request'],
      [browse(s, `/saml/sso?${redirectQuery(authnRequestXml({ ...base, id: newId(), extra: '<saml:Issuer>again</saml:Issuer>' }))}`), 400, 'invalid_request'],
      [browse(s, '/saml/sso?SAMLRequest=%%%'), 400, 'invalid_request'],
    ];
    const answers = await Promise.all(cases.map(([p]) => p));
    answers.forEach((res, i) => {
      expect(res.statusCode, `case ${i}`).toBe(cases[i][1]);
      if (cases[i][2]) expect(/<code>([^<]+)<\/code>/.exec(res.body)?.[1], `case ${i}`).toBe(cases[i][2]);
      expect(res.body).not.toContain('attacker.example/acs"');
      expect(res.body).not.toContain('root:');
    });
  });

  it('an SP with an encryption certificate gets its assertion encrypted (AES-256-GCM, RSA-OAEP), and decrypts it', async () => {
    const db = s.client.app.store.db;
    await db.updateTable('saml_sps').set({ encryption_cert: key.cert }).where('entity_id', '=', DEMO_SP.entityId).execute();
    try {
      const token = await signIn(s.client, 'lisi');
      const sp = await serviceProvider(s, DEMO_SP, { decryptionPvk: key.pem });
      const form = formOf(await browse(s, await sp.getAuthorizeUrlAsync('', undefined, {}), token));
      const xml = responseXml(form);
      expect(xml).toContain('<saml:EncryptedAssertion>');
      expect(xml).toContain('http://www.w3.org/2009/xmlenc11#aes256-gcm');
      expect(xml).not.toContain('lisi');
      expect((await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse })).profile?.uid).toBe('lisi');
    } finally {
      await db.updateTable('saml_sps').set({ encryption_cert: null }).where('entity_id', '=', DEMO_SP.entityId).execute();
    }
  });
});
