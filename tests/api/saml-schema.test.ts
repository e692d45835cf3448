import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCases } from './harness.js';
import {
  DEMO_SP, authnRequestXml, browse, formOf, pageCode, postForm, redirectQuery, serviceProvider, signIn, startSaml, type SamlServer,
} from './samlSp.js';

const b64 = (xml: string) => Buffer.from(xml).toString('base64');
let n = 0;
const newId = () => `_schema${process.pid}${Date.now()}${n++}`;

/*
 * Schema validation runs on the message text before the store is touched (no SP lookup, no
 * request-ID record), so what it refuses does not depend on the store: SQLite only. The
 * acceptance paths after it are covered on both stores by saml.test.ts and saml-attacks.test.ts.
 */
const sqliteOnly = storeCases().filter((c) => c.name === 'sqlite');

/** Children of an AuthnRequest that the hand checks read no further than their name, each valid as written. */
const SCOPING = '<samlp:Scoping ProxyCount="1"><samlp:IDPList><samlp:IDPEntry ProviderID="https://idp.example.test/saml/metadata" Name="Portal"/></samlp:IDPList><samlp:RequesterID>https://requester.example/</samlp:RequesterID></samlp:Scoping>';
const AUTHN_CONTEXT = '<samlp:RequestedAuthnContext Comparison="minimum"><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></samlp:RequestedAuthnContext>';
const CONDITIONS = '<saml:Conditions NotOnOrAfter="2099-01-01T00:00:00Z"><saml:AudienceRestriction><saml:Audience>https://idp.example.test/saml/metadata</saml:Audience></saml:AudienceRestriction></saml:Conditions>';

/** A well-formed (not verifiable) enveloped signature whose own Id is `id`. */
const signatureWithId = (id: string) => `<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="${id}"><ds:SignedInfo>`
  + '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/><ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>'
  + '<ds:Reference URI=""><ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><ds:DigestValue>AA==</ds:DigestValue></ds:Reference>'
  + '</ds:SignedInfo><ds:SignatureValue>AA==</ds:SignatureValue></ds:Signature>';

describe.each(sqliteOnly)('SAML messages are validated against the OASIS schema ($name)', (store) => {
  let s: SamlServer;
  let token: string;
  beforeAll(async () => {
    s = await startSaml(store, 'samlschema');
    token = await signIn(s.client, 'lisi');
  });
  afterAll(async () => s.client.close());

  const request = (id: string, extra: string, attrs = '') => authnRequestXml({ id, issuer: DEMO_SP.entityId, destination: s.sso, extra, attrs });
  const byRedirect = (xml: string) => browse(s, `/saml/sso?${redirectQuery(xml)}`, token);
  const byPost = (xml: string) => postForm(s, '/saml/sso', { SAMLRequest: b64(xml) }, token);

  it('requests from the SP library are still accepted, by Redirect and by POST', async () => {
    const redirectSp = await serviceProvider(s);
    const postSp = await serviceProvider(s, DEMO_SP, { authnRequestBinding: 'HTTP-POST', skipRequestCompression: true });
    const postXml = Buffer.from(/name="SAMLRequest" value="([^"]+)"/.exec(await postSp.getAuthorizeFormAsync('', undefined, {}))![1], 'base64').toString('utf8');
    const [viaRedirect, viaPost] = await Promise.all([browse(s, await redirectSp.getAuthorizeUrlAsync('', undefined, {}), token), byPost(postXml)]);
    expect(formOf(viaRedirect).action).toBe(DEMO_SP.acs);
    expect((await redirectSp.validatePostResponseAsync({ SAMLResponse: formOf(viaRedirect).fields.SAMLResponse })).profile?.uid).toBe('lisi');
    expect(formOf(viaPost).action).toBe(DEMO_SP.acs);
  });

  it('a request using the rest of the schema (Subject, Conditions, RequestedAuthnContext, Scoping, foreign Extensions) is accepted', async () => {
    const extensions = '<samlp:Extensions><x:Hint xmlns:x="urn:example:sp-hints" level="2">any foreign content</x:Hint></samlp:Extensions>';
    const subject = '<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">lisi</saml:NameID></saml:Subject>';
    const policy = '<samlp:NameIDPolicy Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent" AllowCreate="true"/>';
    const res = await byRedirect(request(newId(), `${extensions}${subject}${policy}${CONDITIONS}${AUTHN_CONTEXT}${SCOPING}`, ' AttributeConsumingServiceIndex="1" ProviderName="Demo SP"'));
    expect(formOf(res).action).toBe(DEMO_SP.acs);
  });

  it('schema-invalid requests get the portal error page (400), never a response to the SP, whichever binding', async () => {
    // Each case: the defect inside what the hand checks do not read, so only the schema catches it;
    // and beside it the same request without the defect, accepted, so the refusal is the schema's.
    const cases: [name: string, bad: string, good: string][] = [
      ['wrong element order (RequesterID before IDPList)',
        '<samlp:Scoping><samlp:RequesterID>https://requester.example/</samlp:RequesterID><samlp:IDPList><samlp:IDPEntry ProviderID="urn:x"/></samlp:IDPList></samlp:Scoping>',
        '<samlp:Scoping><samlp:IDPList><samlp:IDPEntry ProviderID="urn:x"/></samlp:IDPList><samlp:RequesterID>https://requester.example/</samlp:RequesterID></samlp:Scoping>'],
      ['an unknown element in the samlp namespace',
        '<samlp:Scoping><samlp:TrustMe>yes</samlp:TrustMe></samlp:Scoping>', '<samlp:Scoping/>'],
      ['a samlp element hidden in Extensions (which takes other namespaces only)',
        `<samlp:Extensions>${authnRequestXml({ id: '_inner', issuer: DEMO_SP.entityId })}</samlp:Extensions>`,
        '<samlp:Extensions><x:Inner xmlns:x="urn:example:sp-hints"/></samlp:Extensions>'],
      ['a bad attribute type (ProxyCount not a non-negative integer)', '<samlp:Scoping ProxyCount="-1"/>', '<samlp:Scoping ProxyCount="0"/>'],
      ['a bad attribute type (Comparison not in the enumeration)', AUTHN_CONTEXT.replace('minimum', 'whatever'), AUTHN_CONTEXT],
      ['a missing required attribute (IDPEntry without ProviderID)',
        '<samlp:Scoping><samlp:IDPList><samlp:IDPEntry Name="Portal"/></samlp:IDPList></samlp:Scoping>', SCOPING],
      // A second element carrying the root's ID is how signature wrapping points a reference elsewhere;
      // this SP registered no certificate, so no signature check looks at it: xs:ID uniqueness does.
      ['a second element with the request\'s ID (xs:ID not unique)', signatureWithId('$ID'), signatureWithId('_elsewhere')],
      ['a missing required element (AudienceRestriction without Audience)',
        '<saml:Conditions><saml:AudienceRestriction/></saml:Conditions>', CONDITIONS],
    ];
    // On the request itself, an attribute the hand checks pass through without reading.
    const attribute = { name: 'a bad attribute type (AttributeConsumingServiceIndex not an unsignedShort)', bad: ' AttributeConsumingServiceIndex="70000"', good: ' AttributeConsumingServiceIndex="7"' };
    const sent = [
      ...cases.flatMap(([name, bad, good]) => {
        const id = newId();
        // The refused message's ID is used again by the good one: a refused message leaves nothing behind.
        return [{ name, ok: false, send: byRedirect, xml: request(id, bad.replace('$ID', id)) }, { name, ok: true, send: byPost, xml: request(id, good) }];
      }),
      ...cases.map(([name, bad]) => {
        const id = newId();
        return { name: `${name}, by POST`, ok: false, send: byPost, xml: request(id, bad.replace('$ID', id)) };
      }),
      { name: attribute.name, ok: false, send: byRedirect, xml: request(newId(), '', attribute.bad) },
      { name: attribute.name, ok: true, send: byRedirect, xml: request(newId(), '', attribute.good) },
    ];
    // The refused and the accepted of one pair share an ID, so a pair goes in order; the pairs go at once.
    const answers = await Promise.all(Array.from({ length: cases.length + 1 }, async (_, pair) => {
      const mine = pair < cases.length ? [sent[2 * pair], sent[2 * pair + 1]] : sent.slice(2 * cases.length);
      const out = [];
      for (const c of mine) out.push({ c, res: await c.send(c.xml) });
      return out;
    }));
    for (const { c, res } of answers.flat()) {
      if (c.ok) {
        expect(formOf(res).action, c.name).toBe(DEMO_SP.acs);
      } else {
        expect([res.statusCode, pageCode(res)], c.name).toEqual([400, 'invalid_request']);
        expect(res.body, c.name).not.toContain('SAMLResponse');
      }
    }
  });

  it('the hand checks and the schema agree on what both see: order, unknown elements, types, required attributes at the root', async () => {
    const xml = (id: string) => request(id, '');
    const bad = [
      xml(newId()).replace(/(<saml:Issuer>.*<\/saml:Issuer>)/, '<samlp:NameIDPolicy AllowCreate="true"/>$1'),
      xml(newId()).replace('</samlp:AuthnRequest>', '<samlp:Unknown/></samlp:AuthnRequest>'),
      xml(newId()).replace('Version="2.0"', 'Version="2.0" IsPassive="yes"'),
      xml(newId()).replace(/ IssueInstant="[^"]+"/, ''),
      xml('1-not-an-NCName'),
      xml(newId()).replace('Version="2.0"', 'Version="2.0" samlp:Foreign="x"'),
    ];
    const answers = await Promise.all(bad.flatMap((x) => [byRedirect(x), byPost(x)]));
    for (const res of answers) expect([res.statusCode, pageCode(res)]).toEqual([400, 'invalid_request']);
  });

  it('an XML declaration naming an encoding other than UTF-8 is refused (the schema and the reader would read different text)', async () => {
    const id = newId();
    const [latin, utf8] = await Promise.all([
      byRedirect(`<?xml version="1.0" encoding="ISO-8859-1"?>${request(id, '')}`),
      byRedirect(`<?xml version="1.0" encoding="UTF-8"?>${request(newId(), '')}`),
    ]);
    expect([latin.statusCode, pageCode(latin)]).toEqual([400, 'invalid_request']);
    expect(formOf(utf8).action).toBe(DEMO_SP.acs);
  });
});
