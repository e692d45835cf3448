import { createHash } from 'node:crypto';
import { randomId } from '../platform/lib/crypto.js';
import type { UpstreamSettings } from '../../contract/schemas/admin/upstream.js';
import { UpstreamRefused, type UpstreamIdentity } from './identity.js';
import type { OidcRequestSecrets, OutboundFetch } from './oidcUpstream.js';

/**
 * WeCom (企业微信), DingTalk (钉钉) and Feishu/Lark (飞书) sign-in, as their published OAuth /
 * QR-login APIs describe them (request and response shapes in docs/DECISIONS.md, "Sign-in through
 * other identity providers"). None of them issues an ID token: the person is read from the
 * vendor's API with the token the code buys, over TLS from the vendor's own host. `apiBase`
 * (settings) replaces the vendor's API origin for a private deployment or a test stand-in; the
 * browser's login page origin follows it then, as these deployments serve both.
 */
export interface PresetClient {
  authorizationUrl(settings: UpstreamSettings, state: string, redirectUri: string): { url: string; secrets: OidcRequestSecrets };
  redeem(settings: UpstreamSettings, clientSecret: string, code: string, redirectUri: string, secrets: OidcRequestSecrets): Promise<UpstreamIdentity>;
}

const TIMEOUT_MS = 10_000;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** These providers take no nonce; a fresh one is still kept so every request's record looks alike. */
const fresh = (): OidcRequestSecrets => ({ nonce: randomId(24), verifier: randomId(32) });

async function call<T>(fetch: OutboundFetch, url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamRefused(`${new URL(url).host} answered ${res.status} without JSON`);
  }
  if (!res.ok) throw new UpstreamRefused(`${new URL(url).host} answered ${res.status}`);
  return body as T;
}

const at = (base: string | undefined, fallback: string, path: string): string => `${(base ?? fallback).replace(/\/$/, '')}${path}`;
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null);

/** 企业微信: the web login component's QR page, gettoken, auth/getuserinfo, then user/get for the member's details. */
export function wecom(fetch: OutboundFetch): PresetClient {
  const api = (s: UpstreamSettings, path: string) => at(s.apiBase, 'https://qyapi.weixin.qq.com', path);
  return {
    authorizationUrl(settings, state, redirectUri) {
      const url = new URL(at(settings.apiBase, 'https://login.work.weixin.qq.com', '/wwlogin/sso/login'));
      url.search = new URLSearchParams({ login_type: 'CorpApp', appid: settings.clientId, agentid: settings.agentId ?? '', redirect_uri: redirectUri, state }).toString();
      return { url: url.toString(), secrets: fresh() };
    },
    async redeem(settings, clientSecret, code) {
      type Answer = { errcode?: number; errmsg?: string };
      const token = await call<Answer & { access_token?: string }>(fetch, `${api(settings, '/cgi-bin/gettoken')}?${new URLSearchParams({ corpid: settings.clientId, corpsecret: clientSecret })}`);
      if (token.errcode !== 0 || !token.access_token) throw new UpstreamRefused(`WeCom gettoken: ${token.errcode} ${token.errmsg ?? ''}`);
      const who = await call<Answer & { userid?: string; openid?: string }>(fetch, `${api(settings, '/cgi-bin/auth/getuserinfo')}?${new URLSearchParams({ access_token: token.access_token, code })}`);
      if (who.errcode !== 0) throw new UpstreamRefused(`WeCom getuserinfo: ${who.errcode} ${who.errmsg ?? ''}`);
      // Someone outside the company answers with openid only: not a member, nobody to sign in.
      if (!who.userid) throw new UpstreamRefused('WeCom: not a member of the company');
      const member = await call<Answer & { name?: string; mobile?: string; email?: string; biz_mail?: string }>(
        fetch, `${api(settings, '/cgi-bin/user/get')}?${new URLSearchParams({ access_token: token.access_token, userid: who.userid })}`,
      );
      if (member.errcode !== 0) throw new UpstreamRefused(`WeCom user/get: ${member.errcode} ${member.errmsg ?? ''}`);
      // The company's administrators keep these fields in its directory: the company vouches for them.
      const email = text(member.biz_mail) ?? text(member.email);
      return {
        subject: who.userid, name: text(member.name), email: email?.toLowerCase() ?? null, emailVerified: !!email, phone: text(member.mobile), phoneVerified: !!text(member.mobile),
        account: who.userid, amr: [],
      };
    },
  };
}

/** 钉钉: the unified OAuth 2 login page (authCode), v1.0/oauth2/userAccessToken, then v1.0/contact/users/me. */
export function dingtalk(fetch: OutboundFetch): PresetClient {
  const api = (s: UpstreamSettings, path: string) => at(s.apiBase, 'https://api.dingtalk.com', path);
  return {
    authorizationUrl(settings, state, redirectUri) {
      const url = new URL(at(settings.apiBase, 'https://login.dingtalk.com', '/oauth2/auth'));
      url.search = new URLSearchParams({ redirect_uri: redirectUri, response_type: 'code', client_id: settings.clientId, scope: settings.scopes || 'openid', state, prompt: 'consent' }).toString();
      return { url: url.toString(), secrets: fresh() };
    },
    async redeem(settings, clientSecret, code) {
      const token = await call<{ accessToken?: string; code?: string; message?: string }>(fetch, api(settings, '/v1.0/oauth2/userAccessToken'), {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: settings.clientId, clientSecret, code, grantType: 'authorization_code' }),
      }).catch((error: unknown) => {
        throw error instanceof UpstreamRefused ? error : new UpstreamRefused(`DingTalk userAccessToken: ${(error as Error).message}`);
      });
      if (!token.accessToken) throw new UpstreamRefused(`DingTalk userAccessToken: ${token.code ?? ''} ${token.message ?? ''}`);
      const me = await call<{ nick?: string; unionId?: string; openId?: string; mobile?: string; stateCode?: string; email?: string }>(
        fetch, api(settings, '/v1.0/contact/users/me'), { headers: { 'x-acs-dingtalk-access-token': token.accessToken } },
      );
      const subject = text(me.unionId);
      if (!subject) throw new UpstreamRefused('DingTalk: no unionId');
      // A DingTalk account is registered by its phone; its email is whatever the person typed.
      const mobile = text(me.mobile);
      return {
        subject, name: text(me.nick), email: text(me.email)?.toLowerCase() ?? null, emailVerified: false,
        phone: mobile && me.stateCode && me.stateCode !== '86' ? `+${me.stateCode}${mobile}` : mobile, phoneVerified: !!mobile, account: null, amr: [],
      };
    },
  };
}

/** 飞书 / Lark: authen/v1/authorize (with PKCE), authen/v2/oauth/token, then authen/v1/user_info. */
export function feishu(fetch: OutboundFetch): PresetClient {
  const api = (s: UpstreamSettings, path: string) => at(s.apiBase, 'https://open.feishu.cn', path);
  return {
    authorizationUrl(settings, state, redirectUri) {
      const secrets = fresh();
      const url = new URL(at(settings.apiBase, 'https://accounts.feishu.cn', '/open-apis/authen/v1/authorize'));
      url.search = new URLSearchParams({
        client_id: settings.clientId, redirect_uri: redirectUri, state, code_challenge: s256(secrets.verifier), code_challenge_method: 'S256',
        ...(settings.scopes ? { scope: settings.scopes } : {}),
      }).toString();
      return { url: url.toString(), secrets };
    },
    async redeem(settings, clientSecret, code, redirectUri, secrets) {
      const token = await call<{ code?: number; access_token?: string; error?: string; error_description?: string }>(fetch, api(settings, '/open-apis/authen/v2/oauth/token'), {
        method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ grant_type: 'authorization_code', client_id: settings.clientId, client_secret: clientSecret, code, redirect_uri: redirectUri, code_verifier: secrets.verifier }),
      }).catch((error: unknown) => {
        throw error instanceof UpstreamRefused ? error : new UpstreamRefused(`Feishu token: ${(error as Error).message}`);
      });
      if (token.code !== 0 || !token.access_token) throw new UpstreamRefused(`Feishu token: ${token.code ?? ''} ${token.error ?? ''}`);
      const info = await call<{ code?: number; msg?: string; data?: Record<string, unknown> }>(
        fetch, api(settings, '/open-apis/authen/v1/user_info'), { headers: { authorization: `Bearer ${token.access_token}` } },
      );
      if (info.code !== 0 || !info.data) throw new UpstreamRefused(`Feishu user_info: ${info.code ?? ''} ${info.msg ?? ''}`);
      const d = info.data;
      const subject = text(d.union_id) ?? text(d.open_id);
      if (!subject) throw new UpstreamRefused('Feishu: no union_id');
      // The tenant gives enterprise_email and checks the phone; `email` is the person's own, unchecked.
      const enterprise = text(d.enterprise_email);
      const mobile = text(d.mobile);
      return {
        subject, name: text(d.name), email: (enterprise ?? text(d.email))?.toLowerCase() ?? null, emailVerified: !!enterprise,
        phone: mobile, phoneVerified: !!mobile, account: text(d.user_id), amr: [],
      };
    },
  };
}
