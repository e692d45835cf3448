import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCases } from './harness.js';
import {
  DEMO_SP, DEMO_SP_2, PERSISTENT, browse, formOf, idpCerts, pageCode, responseXml, serviceProvider, signIn, spInitiated, startSaml, statusCodes, type SamlServer,
} from './samlSp.js';

describe.each(storeCases())('SAML single sign-on ($name)', (store) => {
  let s: SamlServer;
  beforeAll(async () => {
    s = await startSaml(store, 'saml');
  });
  afterAll(async () => s.client.close());

  it('publishes metadata: entity ID, the current and the next signing certificate, SSO and SLO by Redirect and POST', async () => {
    const res = await browse(s, '/saml/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain(`entityID="${s.entityId}"`);
    expect(await idpCerts(s)).toHaveLength(2);
    for (const binding of ['HTTP-Redirect', 'HTTP-POST']) {
      expect(res.body).toContain(`<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${s.sso}"/>`);
      expect(res.body).toContain(`<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="${s.base}/saml/slo"/>`);
    }
    expect(res.body).toContain(PERSISTENT);
  });

  it('a signed-in user goes straight back: the SP library accepts the signed response (audience, recipient, InResponseTo, NameID, attributes)', async () => {
    const token = await signIn(s.client, 'lisi');
    const sp = await serviceProvider(s);
    const { res } = await spInitiated(s, sp, token, 'back-to-page-7');
    const form = formOf(res);
    expect(form.action).toBe(DEMO_SP.acs);
    expect(form.fields.RelayState).toBe('back-to-page-7');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse });
    expect(profile?.nameIDFormat).toBe(PERSISTENT);
    expect(profile?.nameID).toMatch(/^[0-9a-f]{64}$/);
    expect(profile?.uid).toBe('lisi');
    expect(profile?.roles).toBe('SAML_USER');
    expect(profile?.displayName).toBeTruthy();
    const xml = responseXml(form);
    expect(xml).toContain(`Recipient="${DEMO_SP.acs}"`);
    expect(xml).toContain('FriendlyName="account"');
    expect(xml).toMatch(/<saml:AuthnStatement AuthnInstant="[^"]+" SessionIndex="_[^"]+"/);
    expect(xml.match(/<ds:Signature[ >]/g)).toHaveLength(2);

    // The same user again: the same persistent NameID; at the other SP, another one.
    const again = await sp.validatePostResponseAsync({ SAMLResponse: formOf((await spInitiated(s, sp, token)).res).fields.SAMLResponse });
    expect(again.profile?.nameID).toBe(profile?.nameID);
  });

  it('persistent NameIDs differ between SPs; single sign-on between two SPs needs one sign-in', async () => {
    const token = await signIn(s.client, 'zhangsan');
    const one = await serviceProvider(s);
    const two = await serviceProvider(s, DEMO_SP_2);
    const a = await one.validatePostResponseAsync({ SAMLResponse: formOf((await spInitiated(s, one, token)).res).fields.SAMLResponse });
    const b = await two.validatePostResponseAsync({ SAMLResponse: formOf((await spInitiated(s, two, token)).res).fields.SAMLResponse });
    expect(a.profile?.nameID).not.toBe(b.profile?.nameID);
    expect(b.profile?.uid).toBe('zhangsan');
  });

  it('not signed in: the portal sign-in page, which comes back to the request', async () => {
    const sp = await serviceProvider(s);
    const { res } = await spInitiated(s, sp);
    expect(res.statusCode).toBe(303);
    const location = new URL(res.headers.location as string, s.base);
    expect(location.pathname).toBe('/login');
    const back = location.searchParams.get('redirect')!;
    expect(back).toMatch(/^\/saml\/continue\/[\w-]+$/);
    const token = await signIn(s.client, 'lisi');
    const form = formOf(await browse(s, back, token));
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse });
    expect(profile?.uid).toBe('lisi');
    // The request is answered once.
    expect(pageCode(await browse(s, back, token))).toBe('request_expired');
  });

  it('IsPassive without a session: NoPassive to the SP, no page', async () => {
    const sp = await serviceProvider(s, DEMO_SP, { passive: true });
    const { res } = await spInitiated(s, sp);
    const xml = responseXml(formOf(res));
    expect(statusCodes(xml)).toEqual(['Responder', 'NoPassive']);
  });

  it('ForceAuthn: signed in earlier is not enough, the sign-in page comes first', async () => {
    const token = await signIn(s.client, 'lisi');
    const sp = await serviceProvider(s, DEMO_SP, { forceAuthn: true });
    const { res } = await spInitiated(s, sp, token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/login\?/);
  });

  it('no permission: RequestDenied to the SP and a refused launch in the user\'s log', async () => {
    const token = await signIn(s.client, 'emp0001');
    const sp = await serviceProvider(s);
    const xml = responseXml(formOf((await spInitiated(s, sp, token)).res));
    expect(statusCodes(xml)).toEqual(['Responder', 'RequestDenied']);
    expect(xml).not.toContain('Assertion');
    const rows = await s.client.app.store.db.selectFrom('login_history').innerJoin('users', 'users.id', 'login_history.user_ref')
      .selectAll('login_history').where('users.user_id', '=', 'emp0001').where('login_history.opt_type', '=', 'SSO').execute();
    expect(rows.some((r) => r.app_name === 'SAML 示例应用' && r.is_success === 0)).toBe(true);
  });

  it('a disabled application: RequestDenied', async () => {
    const token = await signIn(s.client, 'lisi');
    const sp = await serviceProvider(s);
    await s.client.app.store.db.updateTable('apps').set({ enabled: 0 }).where('app_id', '=', 'demo-saml').execute();
    try {
      expect(statusCodes(responseXml(formOf((await spInitiated(s, sp, token)).res)))).toEqual(['Responder', 'RequestDenied']);
    } finally {
      await s.client.app.store.db.updateTable('apps').set({ enabled: 1 }).where('app_id', '=', 'demo-saml').execute();
    }
  });

  it('launched from "my apps": the portal tile leads to an unsolicited signed response', async () => {
    const token = await signIn(s.client, 'lisi');
    const go = await browse(s, '/idaas/auth/v1/sso/go/demo-saml', token);
    expect(go.headers.location).toBe('/saml/launch/demo-saml');
    const form = formOf(await browse(s, go.headers.location as string, token));
    expect(form.action).toBe(DEMO_SP.acs);
    const sp = await serviceProvider(s, DEMO_SP, { validateInResponseTo: 'never' as never });
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse });
    expect(profile?.uid).toBe('lisi');
    expect(responseXml(form)).not.toContain('InResponseTo');
  });

  it('the API document lists the /saml endpoints', async () => {
    const doc = (await s.client.get('/openapi.json')).json();
    for (const path of ['/saml/metadata', '/saml/sso', '/saml/continue/{id}', '/saml/launch/{appId}']) expect(doc.paths[path], path).toBeTruthy();
    expect(Object.keys(doc.paths['/saml/sso'])).toEqual(['get', 'post']);
  });
});
