import type { Page } from '@playwright/test';
import { RESULTS } from '../../contract/codeNames';
import { CODE_MESSAGES } from '../../contract/codeMessages';
import { expect, expectRefusals, inLanguage, openAs, openedDialog, startSession, test } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
/** The application confined in the journey, and the person signing in to it (granted it in the demo). */
const APP = 'wiki';
const PERSON = 'lisi';

const WORDS = {
  zh: {
    history: '历史版本', saved: '策略已保存并生效', refuse: '拒绝', stepUp: '要求二次验证',
    highChange: '自适应登录（默认风险策略） · 高风险：要求二次验证 → 拒绝', signalChange: '自适应登录（默认风险策略） · 风险信号 (新网络)：按风险等级处理 → 要求二次验证',
    save: '保存', office: '办公网络', high: '高', newDevice: '新设备', travel: '不可能的行程', follows: '沿用默认风险策略', ok: '确定',
    networkReason: '该应用仅允许从公司网络（办公网或 VPN）访问，或不允许从您当前所在的网络访问。请连接到允许的网络后重试。' },
  en: {
    history: 'History', saved: 'Policy saved; in force now', refuse: 'Refuse', stepUp: 'Ask for a second factor',
    highChange: 'Adaptive sign-in (default risk policy) · High risk: Ask for a second factor → Refuse',
    signalChange: 'Adaptive sign-in (default risk policy) · Signal (New network): Follow the level → Ask for a second factor',
    save: 'Save', office: 'Office', high: 'High', newDevice: 'New device', travel: 'Impossible travel', follows: 'Follows the default risk policy', ok: 'OK',
    networkReason: 'This application can be used only from the company network (office or VPN), or not from the network you are on now. Connect from there and try again.' },
} as const;

/** The message of the adaptive sign-in's refusal (E30056) in a language, as the sign-in page shows it. */
function refusalText(lang: 'zh' | 'en'): string {
  const name = Object.entries(RESULTS).find(([, r]) => r.code === 'E30056')?.[0];
  const message = name ? (CODE_MESSAGES as Record<string, { zh: string; en: string }>)[name] : undefined;
  if (!message) throw new Error('E30056 (the risk policy refused a sign-in) is not declared yet');
  // Parameters (if any) are left out: the fixed part is what is matched.
  return message[lang].split('{')[0];
}

async function api(page: Page, path: string, data: unknown) {
  const body = await (await page.request.post(`/idaas/admin/v1${path}`, { headers: API_HEADERS, data })).json();
  expect(body.code, `${path} ${JSON.stringify(body)}`).toBe('D00000');
  return body.data;
}

/** The person's sign-in to the application on the sign-in page, in a browser of their own: the sign-in's answer. */
async function personSignsIn(page: Page, lang: 'zh' | 'en'): Promise<{ code: string }> {
  await inLanguage(page, lang);
  await page.goto(`/login?appId=${APP}`);
  await page.getByTestId('login-account').fill(PERSON);
  await page.getByTestId('login-password').fill('Idaas@2026');
  // Read on its way to the page: a sign-in that gets through leaves the page before its answer could be read there.
  let answered: (body: { code: string }) => void = () => undefined;
  const answer = new Promise<{ code: string }>((resolve) => { answered = resolve; });
  await page.route('**/auth/v1/login-check', async (route) => {
    const response = await route.fetch();
    answered(await response.json());
    await route.fulfill({ response });
  });
  await page.getByTestId('login-password').press('Enter');
  return answer;
}

for (const lang of ['zh', 'en'] as const) {
  test.describe(`workbench: adaptive sign-in (${lang})`, () => {
    test.use({ viewport: { width: 1366, height: 860 } });

    test('the security administrator confines an application to an office zone: a sign-in from elsewhere is refused, and gets in once the application follows the default again', async ({ page, browser }) => {
      const w = WORDS[lang];
      const zoneName = `HQ ${stamp()}`;
      await inLanguage(page, lang);
      await openAs(page, 'secadmin', '/systemhub/#/network-zones');
      const app = (await api(page, '/apps/list', { keyword: APP, pageNum: 1, pageSize: 50 })).datas.find((a: { appId: string }) => a.appId === APP);
      let zoneId: number | undefined;
      try {
        // The zone, made on the page.
        await page.getByTestId('zones-create').click();
        const dialog = await openedDialog(page);
        await dialog.getByTestId('zone-name').fill(zoneName);
        await dialog.getByTestId('zone-ranges').fill('10.8.0.0/16');
        await dialog.getByRole('button', { name: w.save }).click();
        const row = page.getByTestId('zones-table').locator('tr.ant-table-row', { hasText: zoneName });
        await expect(row).toContainText(w.office);
        await expect(row).toContainText('10.8.0.0/16');
        zoneId = (await api(page, '/network-zones/list', {})).find((z: { name: string }) => z.name === zoneName).id;

        // The application confined to it, on its page.
        await page.goto(`/systemhub/#/apps/show/${app.id}`);
        const card = page.getByTestId('app-risk-card');
        await expect(card.getByTestId('app-risk-follows-default')).toHaveText(new RegExp(w.follows));
        await card.getByTestId('app-risk-own').click();
        await card.getByTestId('app-risk-zones').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: zoneName }).click();
        await page.keyboard.press('Escape');
        await card.getByTestId('app-risk-save').click();
        await expect(card.getByTestId('app-risk-own-policy')).toContainText(zoneName);

        // The person, from an address outside the zone (each journey's browser has one of its own), is refused.
        const person = await (await browser.newContext()).newPage();
        expectRefusals(person, [403], /login-check/);
        expect((await personSignsIn(person, lang)).code).toBe('E30056');
        await expect(person.getByText(refusalText(lang)).first()).toBeVisible();
        await expect(person).toHaveURL(/\/login/);
        await person.context().close();

        // Signed in to the portal already (the default policy lets the sign-in through), the launch of the application is refused for the network too.
        const launcher = await (await browser.newContext()).newPage();
        await inLanguage(launcher, lang);
        await startSession(launcher.context(), PERSON);
        await launcher.goto(`/idaas/auth/v1/sso/go/${APP}-client`);
        await expect(launcher).toHaveURL(/\/permissionsNone\?.*reason=network/);
        await expect(launcher.getByTestId('permissions-none-reason')).toHaveText(w.networkReason);
        await expect(launcher.getByTestId('apply-permission')).toHaveCount(0);
        await launcher.context().close();

        // Back to the default: the person gets in.
        await card.getByTestId('app-risk-default').click();
        await page.locator('.ant-popover:visible').getByRole('button', { name: w.ok }).click();
        await expect(card.getByTestId('app-risk-follows-default')).toBeVisible();
        const again = await (await browser.newContext()).newPage();
        // Through (or, if the default policy judges this browser risky, asked for a second factor): not refused.
        expect((await personSignsIn(again, lang)).code).not.toBe('E30056');
        await again.context().close();
      } finally {
        // Whatever happened, the application follows the default and the zone is gone.
        if (app) await api(page, '/apps/risk-policy/update', { id: app.id, policy: null });
        if (zoneId !== undefined) await api(page, '/network-zones/delete', { id: zoneId });
      }
    });

    test('the security administrator sets the default risk policy on the policies page; its version reads in words', async ({ page }) => {
      const w = WORDS[lang];
      await inLanguage(page, lang);
      await openAs(page, 'secadmin', '/systemhub/#/policies');
      const before = (await api(page, '/policies/get', {})).risk;
      // A version to compare with: the section as it is, saved.
      await api(page, '/policies/update', { risk: before });
      try {
        const pick = async (testId: string, option: string) => {
          await page.getByTestId(testId).click();
          await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
          // The list closes (its animation done) before the next picker opens one with the same words.
          await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
          await expect(page.getByTestId(testId)).toContainText(option);
        };
        await pick('policy-risk-high', w.refuse);
        await pick('policy-risk-signal-NEW_NETWORK', w.stepUp);
        await page.getByTestId('policy-risk-save').click();
        await expect(page.getByText(w.saved)).toBeVisible();
        expect((await api(page, '/policies/get', {})).risk).toMatchObject({ high: 'REFUSE', signals: { ...before.signals, NEW_NETWORK: 'STEP_UP' } });

        const [latest] = (await api(page, '/policies/history', { pageNum: 1, pageSize: 1 })).datas;
        await page.getByRole('button', { name: w.history }).click();
        await page.getByTestId(`policy-changes-${latest.version}`).click();
        const changes = page.getByTestId(`policy-version-${latest.version}-changes`);
        const colon = lang === 'zh' ? '：' : ': ';
        await expect(changes).toContainText(w.highChange.replace(': ', colon).replace('：', colon));
        await expect(changes).toContainText(w.signalChange.replace(': ', colon).replace('：', colon));
        await expect(changes).not.toContainText(/STEP_UP|REFUSE|NEW_NETWORK/);
      } finally {
        await api(page, '/policies/update', { risk: before });
      }
    });

    test("the sign-in log shows a judged sign-in's level, signals and place, and filters by level", async ({ page, db }) => {
      const w = WORDS[lang];
      const ip = `198.51.100.${lang === 'zh' ? 11 : 12}`;
      const now = Date.now();
      // A sign-in as the adaptive check records it (written straight into the log: no sign-in of this journey is judged high).
      const id = db.run((d) => {
        const user = d.prepare('SELECT id FROM users WHERE user_id = ?').get('zhangsan') as { id: number };
        return Number(d.prepare(`INSERT INTO login_history (user_ref, account, opt_type, app_ref, app_name, is_success, login_msg, ip, device_id, device_name, created_at, risk_level, risk_signals, risk_place)
          VALUES (?, 'zhangsan', 'ACCOUNT', NULL, NULL, 1, 'D00000', ?, NULL, 'Chrome', ?, 'HIGH', 'NEW_DEVICE,IMPOSSIBLE_TRAVEL', 'CN Shanghai')`).run(user.id, ip, now).lastInsertRowid);
      });
      try {
        await inLanguage(page, lang);
        await openAs(page, 'auditor', '/systemhub/#/audit');
        await page.getByTestId('signin-log-risk-level').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${w.high}$`) }).click();
        await page.getByTestId('signin-log-search-query').click();
        const table = page.getByTestId('signin-log-table');
        const row = table.locator('tr.ant-table-row', { hasText: ip });
        await expect(row).toContainText(w.high);
        await expect(row).toContainText(w.newDevice);
        await expect(row).toContainText(w.travel);
        await expect(row).toContainText('Shanghai');
        // Every row the filter leaves is a high one.
        await expect(table.getByTestId('risk-level-LOW')).toHaveCount(0);
        await expect(table.getByTestId('risk-level-MEDIUM')).toHaveCount(0);
      } finally {
        db.run((d) => d.prepare('DELETE FROM login_history WHERE id = ?').run(id));
      }
    });
  });
}
