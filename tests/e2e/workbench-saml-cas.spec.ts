import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { generateServiceProviderMetadata } from '@node-saml/node-saml';
import * as x509 from '@peculiar/x509';
import { expectAccessible, settle } from './axe';
import { expect, startSession, test, fieldErrors } from './support';

const API_HEADERS = { 'X-Client-Id': 'idaas-portal-web' };
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

/** A service provider's metadata as @node-saml/node-saml publishes it, with a signing certificate of its own. */
async function spMetadata(base: string, cn: string): Promise<string> {
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const keys = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01', name: `CN=${cn}`, notBefore: new Date(), notAfter: new Date(Date.now() + 365 * 86_400_000), keys, signingAlgorithm: RSA,
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`;
  return generateServiceProviderMetadata({
    issuer: `${base}/metadata`, callbackUrl: `${base}/acs`, logoutCallbackUrl: `${base}/slo`,
    identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent', publicCerts: cert.toString('pem'), privateKey: key,
  });
}

async function newApp(request: APIRequestContext, appId: string): Promise<number> {
  const body = await (await request.post('/idaas/admin/v1/apps/create', {
    headers: API_HEADERS, data: { appId, appName: `单点 ${appId}`, idpSsoUrl: `https://${appId}.example.com/`, loginTypes: ['ACCOUNT'] },
  })).json();
  expect(body.code).toBe('D00000');
  return body.data.id as number;
}

/** An application's page, on its single sign-on tab. */
async function openSignOn(page: Page, id: number): Promise<void> {
  await page.goto(`/systemhub/#/apps/show/${id}`);
  await page.getByRole('tab', { name: '单点登录' }).click();
  await expect(page.getByTestId('signon-current')).toBeVisible();
}

test.describe('workbench: SAML and CAS applications', () => {
  test('an administrator makes one application SAML from pasted metadata and another CAS with a prefix service', async ({ page }) => {
    await startSession(page.context(), 'admin');
    const samlId = await newApp(page.request, `saml-${stamp()}`);
    const casId = await newApp(page.request, `cas-${stamp()}`);
    const sp = `https://sp-${stamp()}.example.com`;
    const xml = await spMetadata(sp, 'sp.example.com');

    // SAML: paste the SP's metadata, read it, see what it gave, save.
    await openSignOn(page, samlId);
    await expect(page.getByTestId('signon-current')).toContainText('旧版一次性授权码');
    await page.getByTestId('signon-protocol').getByText('SAML 2.0').click();
    await expect(page.getByTestId('saml-idp')).toContainText('/saml/metadata');
    await page.getByTestId('saml-metadata-xml').fill(xml);
    await page.getByTestId('saml-metadata-read').click();
    await expect(page.getByTestId('saml-entity-id')).toHaveValue(`${sp}/metadata`);
    await expect(page.getByTestId('saml-acs-url')).toHaveValue(`${sp}/acs`);
    await expect(page.getByTestId('saml-slo-url')).toHaveValue(`${sp}/slo`);
    await expect(page.getByTestId('saml-signing-certs')).toContainText('CN=sp.example.com');
    await expect(page.getByTestId('saml-signing-certs')).toContainText('SHA-256');
    await settle(page);
    await expectAccessible(page, '#/apps/show: SAML');
    await page.getByTestId('saml-save').click();
    await expect(page.getByTestId('signon-current')).toContainText('SAML 2.0');

    // CAS: a wildcard is refused on the page, a prefix with a path is saved.
    await openSignOn(page, casId);
    await page.getByTestId('signon-protocol').getByText('CAS').click();
    await expect(page.getByTestId('cas-server-url')).toContainText('/cas');
    await page.getByTestId('cas-service-add').click();
    const url = page.getByTestId('cas-service-url');
    await settle(page);
    await expectAccessible(page, '#/apps/show: CAS');
    await url.fill('https://*.example.com/');
    await page.getByTestId('cas-save').click();
    await expect(page.getByTestId('cas-form')).toContainText('通配符');
    await url.fill(`https://cas-${stamp()}.example.com/`);
    await page.getByTestId('cas-save').click();
    await expect(page.getByTestId('signon-current')).toContainText('CAS');
    const saved = await (await page.request.post('/idaas/admin/v1/apps/cas/get', { headers: API_HEADERS, data: { id: casId } })).json();
    expect(saved.data.services).toMatchObject([{ match: 'prefix' }]);

    // The list shows each one's protocol.
    await page.goto('/systemhub/#/apps');
    await page.getByTestId('app-keyword').fill('单点');
    await page.getByTestId('app-keyword').press('Enter');
    await expect(page.getByTestId('app-table').getByTestId('app-protocol-saml').first()).toBeVisible();
    await expect(page.getByTestId('app-table').getByTestId('app-protocol-cas').first()).toBeVisible();
  });

  test('an administrator sees the IdP signing certificates, rotates them, and a form with errors reads at AA contrast', async ({ page }) => {
    await startSession(page.context(), 'admin');
    const id = await newApp(page.request, `keys-${stamp()}`);
    await openSignOn(page, id);
    await page.getByTestId('signon-protocol').getByText('SAML 2.0').click();

    // Both certificates, described: subject, SHA-256 fingerprint, expiry, since when published.
    const card = page.getByTestId('saml-idp-keys');
    const current = card.getByTestId('saml-key-current');
    const next = card.getByTestId('saml-key-next');
    const fingerprint = /([0-9A-F]{2}:){31}[0-9A-F]{2}/;
    await expect(current.getByTestId('saml-key-fingerprint')).toHaveText(fingerprint);
    await expect(next.getByTestId('saml-key-fingerprint')).toHaveText(fingerprint);
    await expect(current).toContainText('SAML IdP');
    await expect(current).toContainText('签名中');
    await expect(next).toContainText('已发布，尚未签名');
    const wasNext = (await next.getByTestId('saml-key-fingerprint').innerText()).trim();
    const wasCurrent = (await current.getByTestId('saml-key-fingerprint').innerText()).trim();

    // A save with nothing filled in: the validation messages are read by axe with the card beside them.
    await page.getByTestId('saml-save').click();
    await expect(fieldErrors(page.getByTestId('saml-form')).first()).toBeVisible();
    await settle(page);
    await expectAccessible(page, '#/apps/show: SAML form with errors, IdP certificates');

    // Rotate, by keyboard: the dialog says what happens before anything does.
    await card.getByTestId('saml-keys-rotate').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('未刷新 IdP 元数据的服务提供方将拒绝登录');
    await settle(page);
    await expectAccessible(page, '#/apps/show: rotation confirmation');
    await dialog.getByTestId('confirm-ok').click();
    await expect(card.getByTestId('saml-keys-rotated')).toContainText(wasNext);
    await expect(current.getByTestId('saml-key-fingerprint')).toHaveText(wasNext);
    await expect(next.getByTestId('saml-key-fingerprint')).not.toHaveText(wasNext);
    await expect(next.getByTestId('saml-key-fingerprint')).not.toHaveText(wasCurrent);
    const listed = await (await page.request.post('/idaas/admin/v1/saml/keys/list', { headers: API_HEADERS, data: {} })).json();
    expect(listed.data.items.filter((k: { status: string }) => k.status === 'current')).toHaveLength(1);

    // On a phone the card stays within the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(card).toBeVisible();
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  });
});
