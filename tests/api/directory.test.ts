import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import { lastSmsCode, sessionTokenOf, solvedCaptcha, startClient, storeCases, type Client } from './harness.js';
import { hasSlapd, startDirectory, type Directory } from '../support/slapd.js';

const PEOPLE = [
  { uid: 'li.si', cn: 'Li Si', password: 'Dir#Lisi2026', mail: 'lisi@corp.example.com' },
  { uid: 'new.hire', cn: 'New Hire', password: 'Dir#Hire2026' },
  { uid: 'evil)(uid=*', cn: 'Odd Name', password: 'Dir#Odd2026' },
  // Whose wrong passwords the refusals try: failures against li.si would make its own sign-in, in
  // whatever order the tests run, a sign-in after failures that the risk policy steps up.
  { uid: 'pat.wrong', cn: 'Pat Wrong', password: 'Dir#Pat2026' },
];

if (!hasSlapd()) console.warn('NOTICE: slapd is not installed (apt-get install slapd ldap-utils) — the directory sign-in tests are skipped.');

describe.skipIf(!hasSlapd()).each(storeCases())('directory sign-in against OpenLDAP ($name)', (store) => {
  let directory: Directory;
  let client: Client;
  beforeAll(async () => {
    directory = await startDirectory(PEOPLE);
    client = await startClient(store, 'directory', {
      ldap: { url: directory.url, baseDn: directory.baseDn, bindDn: directory.bindDn, bindPassword: directory.bindPassword, userFilter: '(uid={0})' },
      // The captcha after an account's third failure is the sign-in limits' business (limits.test.ts);
      // here it would make li.si's right password wait for one after another test's wrong ones.
      lockout: { ...readConfig({}).lockout, captchaAfter: 1000 },
    });
    await client.app.store.db.updateTable('users').set({ ldap_dn: `uid=li.si,ou=people,${directory.baseDn}` }).where('user_id', '=', 'lisi').execute();
  });
  afterAll(async () => {
    await client?.close();
    await directory?.stop();
  });

  const authenticate = async (account: string, password: string, loginType: 'LDAP' | 'PA_ACCOUNT' = 'LDAP', ip = '127.0.0.1') =>
    client.post('/auth/v1/pacas/authenticate', { userId: await client.encrypt(account), password: await client.encrypt(password), loginType, deviceId: 'dir-device' }, { ip });

  it('offers the directory tabs once a directory is configured', async () => {
    const types = (await client.post('/auth/v1/get-app-login-config', {})).json().data.map((t: { code: string }) => t.code);
    expect(types).toEqual(expect.arrayContaining(['LDAP', 'PA_ACCOUNT']));
  });

  it('signs a linked directory account in as its portal user', async () => {
    const res = await authenticate('li.si', 'Dir#Lisi2026');
    expect(res.json()).toMatchObject({ code: 'D00000', data: { casCode: 'SUCCESS', casData: { needBindingIdaasAccount: false, data: { userId: 'lisi' } } } });
    const token = sessionTokenOf(res);
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().data.userId).toBe('lisi');
  });

  it('refuses a wrong password, a blank password and filter injection with E30076 / E60002', async () => {
    // Several spaces, not one: SM2 refuses a ciphertext whose key stream is all zeros (the text
    // would travel in clear), and for a one-byte text that is one encryption in 256.
    const BLANK = '    ';
    expect((await authenticate('pat.wrong', 'wrong-password', 'LDAP', '10.30.0.1')).json().code).toBe('E30076');
    const pa = await authenticate('pat.wrong', 'wrong-password', 'PA_ACCOUNT', '10.30.0.2');
    expect(pa.json()).toMatchObject({ code: 'E60002', data: { casCode: 'AUTH_FAILED', casMessage: expect.any(String) } });
    expect((await authenticate('*', 'Dir#Lisi2026', 'LDAP', '10.30.0.3')).json().code).toBe('E30076');
    const empty = await client.post('/auth/v1/pacas/authenticate', { userId: await client.encrypt('pat.wrong'), password: await client.encrypt(BLANK), loginType: 'LDAP' }, { ip: '10.30.0.4' });
    expect(empty.json().code).toBe('E30076');
  });

  it('binds an unlinked directory account to a portal account proven by SMS, then signs it in', async () => {
    const first = await authenticate('new.hire', 'Dir#Hire2026', 'PA_ACCOUNT');
    expect(first.json().data).toMatchObject({ casCode: 'NEED_BINDING', casData: { needBindingIdaasAccount: true } });
    expect(sessionTokenOf(first)).toBeUndefined();
    const srmi = first.json().data.casData.srmi;
    const noCaptcha = await client.post('/auth/v1/pacas/send-msg', { srmi, mobileNo: '13800000001', capKey: 'x', capText: 'abcd' });
    expect(noCaptcha.json().code).toBe('E10802');
    const sent = (await client.post('/auth/v1/pacas/send-msg', { srmi, mobileNo: '13800000001', ...(await solvedCaptcha(client)) })).json().data;
    const early = await client.post('/auth/v1/pacas/send-msg', { srmi, mobileNo: '13800000001', ...(await solvedCaptcha(client)) });
    expect(early.json().code).toBe('E60003');
    const bound = await client.post('/auth/v1/pacas/binding-master-account', { srmi, mobileNo: '13800000001', smsCodeKey: sent.smsCodeKey, validateCode: await lastSmsCode(client, '13800000001') });
    expect(bound.json()).toMatchObject({ code: 'D00000', data: { userId: 'zhangsan' } });
    expect(sessionTokenOf(bound)).toBeDefined();
    const again = await authenticate('new.hire', 'Dir#Hire2026', 'PA_ACCOUNT');
    expect(again.json().data).toMatchObject({ casCode: 'SUCCESS', casData: { data: { userId: 'zhangsan' } } });
  });
});
