import { createPrivateKey } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import type { Profile, SAML } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeyPair } from '../../server/protocols/saml/keys.js';
import { storeCases } from './harness.js';
import { DEMO_SP, DEMO_SP_2, browse, formOf, pageCode, postForm, serviceProvider, signIn, spInitiated, startSaml, type SamlServer } from './samlSp.js';

const SLO_1 = 'http://127.0.0.1:8767/slo';
const SLO_2 = 'http://127.0.0.1:8769/slo';

/** The query of a URL the portal sent the browser to, as the SP library reads it (parsed and raw). */
function queryOf(url: string): { container: Record<string, string>; raw: string } {
  const u = new URL(url);
  return { container: Object.fromEntries(u.searchParams), raw: u.search.slice(1) };
}

const inflated = (value: string) => inflateRawSync(Buffer.from(value, 'base64')).toString('utf8');

describe.each(storeCases())('SAML single logout ($name)', (store) => {
  let s: SamlServer;
  beforeAll(async () => {
    s = await startSaml(store, 'samllogout');
  });
  afterAll(async () => s.client.close());

  /** An SP as a real SAML library is configured against the portal, its single logout service the portal's /saml/slo. */
  const sp = (which = DEMO_SP, extra = {}) => serviceProvider(s, which, { logoutUrl: `${s.base}/saml/slo`, ...extra });
  const signedInAt = async (library: SAML, token: string): Promise<Profile> => {
    const { profile } = await library.validatePostResponseAsync({ SAMLResponse: formOf((await spInitiated(s, library, token)).res).fields.SAMLResponse });
    return profile!;
  };
  const signedIn = async (token: string) => (await s.client.get('/auth/v1/session-state', { token })).json().data.signedIn as boolean;

  it('SP-initiated by Redirect: the portal session ends, the other SP gets a LogoutRequest its library accepts, then the SP its LogoutResponse', async () => {
    const token = await signIn(s.client, 'zhangsan');
    const [one, two] = await Promise.all([sp(), sp(DEMO_SP_2)]);
    const p1 = await signedInAt(one, token);
    const p2 = await signedInAt(two, token);

    const request = await one.getLogoutUrlAsync(p1, 'after-logout', {});
    const res = await browse(s, request, token);
    expect(res.statusCode).toBe(303);
    expect(await signedIn(token)).toBe(false);
    const toTwo = res.headers.location as string;
    expect(toTwo.startsWith(`${SLO_2}?SAMLRequest=`)).toBe(true);
    const q2 = queryOf(toTwo);
    expect(q2.container.Signature).toBeTruthy();
    const told = await two.validateRedirectAsync(q2.container, q2.raw);
    expect(told.loggedOut).toBe(true);
    expect(told.profile?.nameID).toBe(p2.nameID);
    expect(told.profile?.sessionIndex).toBe(p2.sessionIndex);

    const answer = await two.getLogoutResponseUrlAsync(told.profile!, '', {}, true);
    const back = await browse(s, answer);
    expect(back.statusCode).toBe(303);
    const toOne = back.headers.location as string;
    expect(toOne.startsWith(`${SLO_1}?SAMLResponse=`)).toBe(true);
    const q1 = queryOf(toOne);
    expect(q1.container.RelayState).toBe('after-logout');
    expect((await one.validateRedirectAsync(q1.container, q1.raw)).loggedOut).toBe(true);
    expect(inflated(q1.container.SAMLResponse)).toContain('urn:oasis:names:tc:SAML:2.0:status:Success');

    // Replays: the LogoutRequest again, and SP 2's LogoutResponse again.
    const [again, answeredAgain] = await Promise.all([browse(s, request, token), browse(s, answer)]);
    expect([again.statusCode, pageCode(again)]).toEqual([400, 'replayed_request']);
    expect([answeredAgain.statusCode, pageCode(answeredAgain)]).toEqual([400, 'unknown_response']);
  });

  it('SP-initiated by POST, the SP answered by POST: a signed LogoutResponse form its library accepts', async () => {
    await s.client.app.store.db.updateTable('saml_sps').set({ slo_binding: 'post' }).where('entity_id', '=', DEMO_SP.entityId).execute();
    try {
      const token = await signIn(s.client, 'lisi');
      const one = await sp();
      const p1 = await signedInAt(one, token);
      const xml = inflated(queryOf(await one.getLogoutUrlAsync(p1, '', {})).container.SAMLRequest);
      const form = formOf(await postForm(s, '/saml/slo', { SAMLRequest: Buffer.from(xml).toString('base64'), RelayState: 'r-7' }, token));
      expect(form.action).toBe(SLO_1);
      expect(form.fields.RelayState).toBe('r-7');
      // node-saml looks for InResponseTo on a Response only, so the LogoutResponse's is checked here and the library checks the signature.
      const requestId = /ID="([^"]+)"/.exec(xml)![1];
      expect(Buffer.from(form.fields.SAMLResponse, 'base64').toString('utf8')).toContain(`InResponseTo="${requestId}"`);
      const library = await sp(DEMO_SP, { validateInResponseTo: 'never' as never });
      expect((await library.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse })).loggedOut).toBe(true);
      expect(await signedIn(token)).toBe(false);
    } finally {
      await s.client.app.store.db.updateTable('saml_sps').set({ slo_binding: 'redirect' }).where('entity_id', '=', DEMO_SP.entityId).execute();
    }
  });

  it('an SP that requires signing: an unsigned LogoutRequest is refused and ends nothing; a signed one is accepted', async () => {
    const { pkcs8, certificate } = await newKeyPair(DEMO_SP_2.entityId, Date.now(), 2048);
    const pem = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'pem', type: 'pkcs8' }).toString();
    await s.client.app.store.db.updateTable('saml_sps').set({ requests_signed: 1, signing_certs: JSON.stringify([certificate]) })
      .where('entity_id', '=', DEMO_SP_2.entityId).execute();
    try {
      const token = await signIn(s.client, 'zhangsan');
      const signedSp = await sp(DEMO_SP_2, { privateKey: pem, signatureAlgorithm: 'sha256' });
      const profile = await signedInAt(signedSp, token);
      const unsigned = await sp(DEMO_SP_2);
      const refused = await browse(s, await unsigned.getLogoutUrlAsync(profile, '', {}), token);
      expect([refused.statusCode, pageCode(refused)]).toEqual([403, 'signature_required']);
      expect(await signedIn(token)).toBe(true);
      const accepted = await browse(s, await signedSp.getLogoutUrlAsync(profile, '', {}), token);
      expect((accepted.headers.location as string).startsWith(`${SLO_2}?SAMLResponse=`)).toBe(true);
      expect(await signedIn(token)).toBe(false);
    } finally {
      await s.client.app.store.db.updateTable('saml_sps').set({ requests_signed: 0, signing_certs: '[]' }).where('entity_id', '=', DEMO_SP_2.entityId).execute();
    }
  });

  it('a NameID of another user does not end this user\'s session, nor the other user\'s', async () => {
    const [mine, theirs] = await Promise.all([signIn(s.client, 'zhangsan'), signIn(s.client, 'lisi')]);
    const one = await sp();
    const me = await signedInAt(one, mine);
    const other = await signedInAt(one, theirs);
    // Their NameID with my SessionIndex; their NameID alone, unsigned, from my browser.
    const answers = await Promise.all([
      browse(s, await one.getLogoutUrlAsync({ ...other, sessionIndex: me.sessionIndex }, '', {}), mine),
      browse(s, await one.getLogoutUrlAsync({ ...other, sessionIndex: undefined }, '', {}), mine),
    ]);
    for (const res of answers) {
      const q = queryOf(res.headers.location as string);
      expect(q.container.SAMLResponse).toBeTruthy();
      expect((await one.validateRedirectAsync(q.container, q.raw)).loggedOut).toBe(true);
    }
    expect([await signedIn(mine), await signedIn(theirs)]).toEqual([true, true]);
  });

  it('the portal sign-out sends the browser through both SPs\' LogoutRequests, then to the sign-in page', async () => {
    const token = await signIn(s.client, 'zhangsan');
    const [one, two] = await Promise.all([sp(), sp(DEMO_SP_2)]);
    const p1 = await signedInAt(one, token);
    const p2 = await signedInAt(two, token);
    const out = (await s.client.post('/auth/v1/logout', {}, { token })).json();
    expect(out.code).toBe('D00000');
    expect(out.data.singleLogout).toMatch(/^\/saml\/signed-out\/[\w-]+$/);
    expect(await signedIn(token)).toBe(false);

    let location = (await browse(s, out.data.singleLogout)).headers.location as string;
    const seen: string[] = [];
    for (const [library, profile, slo] of [[one, p1, SLO_1], [two, p2, SLO_2]] as const) {
      expect(location.startsWith(`${slo}?SAMLRequest=`)).toBe(true);
      const q = queryOf(location);
      const told = await library.validateRedirectAsync(q.container, q.raw);
      expect(told.profile?.nameID).toBe(profile.nameID);
      seen.push(slo);
      location = (await browse(s, await library.getLogoutResponseUrlAsync(told.profile!, '', {}, true))).headers.location as string;
    }
    expect(seen).toEqual([SLO_1, SLO_2]);
    expect(location).toBe('/login');
    // The walk is over: its address leads to the sign-in page and tells nobody again.
    expect((await browse(s, out.data.singleLogout)).headers.location).toBe('/login');
  });

  it('a sign-out without SAML sessions is as before; sessions ended by an administrator lose their SAML sessions on the sweep', async () => {
    const plain = await signIn(s.client, 'lisi');
    expect((await s.client.post('/auth/v1/logout', {}, { token: plain })).json().data).toEqual({ singleLogout: null });

    const token = await signIn(s.client, 'lisi');
    await signedInAt(await sp(), token);
    const db = s.client.app.store.db;
    const user = await db.selectFrom('users').select('id').where('user_id', '=', 'lisi').executeTakeFirstOrThrow();
    await db.deleteFrom('sessions').where('user_ref', '=', user.id).execute();
    // The next single-logout activity sweeps: here another user's sign-out.
    const other = await signIn(s.client, 'zhangsan');
    await s.client.post('/auth/v1/logout', {}, { token: other });
    const left = await db.selectFrom('saml_sessions').select('session_index').where('user_ref', '=', user.id).where('ended_at', 'is', null).execute();
    expect(left).toEqual([]);
  });
});
