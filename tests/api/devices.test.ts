import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin, sessionTokenOf, startClient, storeCases, type Client } from './harness.js';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

interface Device { deviceId: string; deviceName: string | null; activeSessions: number; current: boolean }

describe.each(storeCases())('login devices named and grouped ($name)', (store) => {
  let client: Client;
  beforeAll(async () => { client = await startClient(store, 'devices'); });
  afterAll(async () => { await client?.close(); });

  const login = async (account: string, deviceId: string, ua: string, deviceName = 'Chrome') =>
    sessionTokenOf(await passwordLogin(client, account, undefined, { deviceId, deviceName }, undefined, { 'user-agent': ua }))!;
  const devices = async (token: string): Promise<Device[]> => {
    const answer = (await client.post('/personal/v1/device/list', {}, { token })).json();
    expect(answer.code).toBe('D00000');
    return answer.data;
  };

  it('names devices from the user agent, one entry per device with its session count, this device marked', async () => {
    const suffix = `${store.name}-${Date.now()}`;
    const laptop = `emp0031-laptop-${suffix}`;
    const phone = `emp0031-phone-${suffix}`;
    await login('emp0031', laptop, CHROME_WINDOWS);
    const current = await login('emp0031', laptop, CHROME_WINDOWS);
    const onPhone = await login('emp0031', phone, SAFARI_IPHONE, 'Safari');
    const list = (await devices(current)).filter((d) => d.deviceId === laptop || d.deviceId === phone);
    expect(list).toHaveLength(2);
    expect(list.find((d) => d.deviceId === laptop)).toMatchObject({ deviceName: 'Chrome 131 on Windows 10', activeSessions: 2, current: true });
    expect(list.find((d) => d.deviceId === phone)).toMatchObject({ deviceName: 'Safari on iPhone', activeSessions: 1, current: false });
    // Seen from the phone, the phone is "this device".
    expect((await devices(onPhone)).find((d) => d.deviceId === phone)?.current).toBe(true);
    // The session's own record carries the parsed name too (the workbench's session list shows it).
    const session = await client.app.store.db.selectFrom('sessions').select(['device_name', 'user_agent'])
      .where('device_id', '=', phone).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ device_name: 'Safari on iPhone', user_agent: SAFARI_IPHONE });
  });

  it('refuses to sign out this device from the list, and nothing ends', async () => {
    const deviceId = `emp0032-self-${store.name}-${Date.now()}`;
    const token = await login('emp0032', deviceId, CHROME_WINDOWS);
    const refused = await client.post('/personal/v1/device/sign-out', { deviceId }, { token });
    expect(refused.json().code).toBe('E20401');
    expect((await client.post('/personal/v1/current-user-detail', {}, { token })).json().code).toBe('D00000');
    expect((await devices(token)).find((d) => d.deviceId === deviceId)).toMatchObject({ activeSessions: 1, current: true });
  });

  it('keeps the name the browser sent when the agent is unknown, bounded like any input', async () => {
    const deviceId = `emp0033-cli-${store.name}-${Date.now()}`;
    const token = await login('emp0033', deviceId, 'curl/8.4.0', 'Firefox');
    expect((await devices(token)).find((d) => d.deviceId === deviceId)?.deviceName).toBe('Firefox');
    const tooLong = await passwordLogin(client, 'emp0033', undefined, { deviceId, deviceName: 'x'.repeat(500) }, undefined, { 'user-agent': CHROME_WINDOWS });
    expect(tooLong.json().code).toBe('E00001');
  });
});
