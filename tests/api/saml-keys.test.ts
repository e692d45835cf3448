import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, storeCases } from './harness.js';
import { formOf, idpCerts, serviceProvider, signIn, spInitiated, startSaml, type SamlServer } from './samlSp.js';

describe.each(storeCases())('SAML signing keys ($name)', (store) => {
  let s: SamlServer;
  let admin: string;
  beforeAll(async () => {
    s = await startSaml(store, 'samlkeys');
    admin = await signIn(s.client, 'admin');
  });
  afterAll(async () => s.client.close());

  const list = async () => (await s.client.post('/admin/v1/saml/keys/list', {}, { token: admin })).json().data.items as { kid: string; status: string; certificate: string }[];

  it('rotation: the next key, already in the metadata, signs; a new next key is published; the old one is retired and logged', async () => {
    const before = await list();
    const current = before.find((k) => k.status === 'current')!;
    const next = before.find((k) => k.status === 'next')!;
    expect(await idpCerts(s)).toEqual(expect.arrayContaining([current.certificate, next.certificate]));

    // An SP that read the metadata before the rotation still accepts what is signed after it.
    const sp = await serviceProvider(s);
    expect((await s.client.post('/admin/v1/saml/keys/rotate', {}, { token: admin })).statusCode).toBe(200);
    const after = await list();
    expect(after.filter((k) => k.status === 'current').map((k) => k.kid)).toEqual([next.kid]);
    expect(after.find((k) => k.kid === current.kid)?.status).toBe('retired');
    expect(after.filter((k) => k.status === 'next')).toHaveLength(1);
    expect(await idpCerts(s)).not.toContain(current.certificate);

    const token = await signIn(s.client, 'lisi');
    const form = formOf((await spInitiated(s, sp, token)).res);
    expect((await sp.validatePostResponseAsync({ SAMLResponse: form.fields.SAMLResponse })).profile?.uid).toBe('lisi');

    const logged = await s.client.app.store.db.selectFrom('operation_log').selectAll().where('scene_code', '=', 'ADMIN_SAML_KEY_ROTATE').execute();
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(logged[0].changes).not.toContain('PRIVATE');
  });

  it('rotations sent at once leave exactly one current key and one next key', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => s.client.post('/admin/v1/saml/keys/rotate', {}, { token: admin })));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const keys = await list();
    expect(keys.filter((k) => k.status === 'current')).toHaveLength(1);
    expect(keys.filter((k) => k.status === 'next')).toHaveLength(1);
    expect(await idpCerts(s)).toHaveLength(2);
  });

  it('four rotations from the same current key sent at once: exactly one rotation, the others told the keys changed (E40217)', async () => {
    const before = await list();
    const seen = before.find((k) => k.status === 'current')!;
    const next = before.find((k) => k.status === 'next')!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => s.client.post('/admin/v1/saml/keys/rotate', { current: seen.kid }, { token: admin })));
    const codes = answers.map((r) => r.json().code).sort();
    expect(codes).toEqual(['D00000', 'E40217', 'E40217', 'E40217']);
    const after = await list();
    // One rotation: the next key seen signs, the one seen is retired, exactly one key is new.
    expect(after.filter((k) => k.status === 'current').map((k) => k.kid)).toEqual([next.kid]);
    expect(after.find((k) => k.kid === seen.kid)?.status).toBe('retired');
    expect(after.length - before.length).toBe(1);
    // A rotation from a key no longer current is refused as well.
    expect((await s.client.post('/admin/v1/saml/keys/rotate', { current: seen.kid }, { token: admin })).json().code).toBe('E40217');
  });

  it('private keys are sealed at rest; only administrators reach the key endpoints', async () => {
    const rows = await s.client.app.store.db.selectFrom('saml_keys').select('private_key').execute();
    for (const r of rows) expect(r.private_key).toMatch(/^v1\./);
    const user = await signIn(s.client, 'lisi');
    expect((await s.client.post('/admin/v1/saml/keys/rotate', {}, { token: user })).statusCode).toBe(403);
    expect((await s.client.post('/admin/v1/saml/keys/list', {})).statusCode).toBe(401);
  });
});

describe.each(storeCases())('SAML signing keys with a publication delay ($name)', (store) => {
  it('a next key published less than the configured time ago does not sign yet (E40218); once it has been, the rotation happens', async () => {
    const client = await startClient(store, 'samlkeysdelay', { publicUrl: 'https://idp.example.test', saml: { keyMinPublishedMinutes: 60 } });
    try {
      let admin = await signIn(client, 'admin');
      const listed = async () => (await client.post('/admin/v1/saml/keys/list', {}, { token: admin })).json().data.items as { kid: string; status: string }[];
      const before = await listed();
      const tooSoon = (await client.post('/admin/v1/saml/keys/rotate', {}, { token: admin })).json();
      expect(tooSoon.code).toBe('E40218');
      expect(tooSoon.message).toMatch(/60/);
      expect(await listed()).toEqual(before);
      client.clock.advance(61 * 60_000);
      admin = await signIn(client, 'admin');
      expect((await client.post('/admin/v1/saml/keys/rotate', {}, { token: admin })).json().code).toBe('D00000');
      // Back to back: the new next key was made just now, so the second rotation waits.
      expect((await client.post('/admin/v1/saml/keys/rotate', {}, { token: admin })).json().code).toBe('E40218');
    } finally {
      await client.close();
    }
  });
});
