import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCases } from './harness.js';
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

  it('private keys are sealed at rest; only administrators reach the key endpoints', async () => {
    const rows = await s.client.app.store.db.selectFrom('saml_keys').select('private_key').execute();
    for (const r of rows) expect(r.private_key).toMatch(/^v1\./);
    const user = await signIn(s.client, 'lisi');
    expect((await s.client.post('/admin/v1/saml/keys/rotate', {}, { token: user })).statusCode).toBe(403);
    expect((await s.client.post('/admin/v1/saml/keys/list', {})).statusCode).toBe(401);
  });
});
