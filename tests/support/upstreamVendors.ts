import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './freePort.js';

/** One request the stand-in received, as the vendor would see it. */
export interface SeenRequest { method: string; path: string; query: Record<string, string>; headers: IncomingMessage['headers']; body: unknown }

/**
 * WeCom, DingTalk and Feishu as their documentation shows them (shapes cited in
 * docs/DECISIONS.md): each code is good once and for the credentials it was issued to; the
 * answers are the documented JSON, errors included (errcode / code / HTTP 400).
 */
export interface VendorStandIn {
  base: string;
  seen: SeenRequest[];
  /** code → who signed in at the vendor's login page (the test mints codes). */
  codes: Map<string, string>;
  stop(): Promise<void>;
}

export const VENDOR = {
  wecom: { corpId: 'ww-corp-1', corpSecret: 'wecom-secret', agentId: '1000002' },
  dingtalk: { clientId: 'ding-app-key', clientSecret: 'ding-secret' },
  feishu: { appId: 'cli_feishu', appSecret: 'feishu-secret' },
};

const WECOM_MEMBERS: Record<string, Record<string, string>> = {
  // The mobile and email a company's WeCom directory holds for lisi.
  'LiSi': { userid: 'LiSi', name: '李四', mobile: '13800000002', email: 'lisi@corp.example.com', biz_mail: '' },
};
const DINGTALK_USERS: Record<string, Record<string, string>> = {
  'ding-zhangsan': { nick: 'zhangsan', avatarUrl: 'https://img.example/a.png', mobile: '13800000001', openId: 'open-1', unionId: 'union-zhangsan', email: 'zhangsan@corp.example.com', stateCode: '86' },
};
const FEISHU_USERS: Record<string, Record<string, string>> = {
  'feishu-newbie': {
    name: '新人', en_name: 'Newbie', avatar_url: 'https://img.example/b.png', open_id: 'ou-newbie', union_id: 'on-newbie', email: 'newbie@personal.example',
    enterprise_email: 'newbie@corp.example.com', user_id: '5d9bdxxx', mobile: '+8613900001234', tenant_key: '736588c92lxf175d', employee_no: '111222333',
  },
};

export async function startVendorStandIn(): Promise<VendorStandIn> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const seen: SeenRequest[] = [];
  const codes = new Map<string, string>();
  const tokens = new Map<string, string>();
  let next = 0;
  const token = (who: string) => {
    const t = `tok-${next++}`;
    tokens.set(t, who);
    return t;
  };
  const take = (code: string | undefined) => {
    const who = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    return who;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const raw = Buffer.concat(chunks).toString();
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      seen.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
      const q = url.searchParams;
      const send = (status: number, answer: unknown) => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(answer));
      };
      const b = (body ?? {}) as Record<string, string>;
      switch (`${req.method} ${url.pathname}`) {
        // 企业微信 https://developer.work.weixin.qq.com/document/path/91039 (gettoken)
        case 'GET /cgi-bin/gettoken':
          if (q.get('corpid') !== VENDOR.wecom.corpId || q.get('corpsecret') !== VENDOR.wecom.corpSecret) return send(200, { errcode: 40001, errmsg: 'invalid credential' });
          return send(200, { errcode: 0, errmsg: 'ok', access_token: token('wecom-app'), expires_in: 7200 });
        // https://developer.work.weixin.qq.com/document/path/98176 (auth/getuserinfo)
        case 'GET /cgi-bin/auth/getuserinfo': {
          if (tokens.get(q.get('access_token') ?? '') !== 'wecom-app') return send(200, { errcode: 40014, errmsg: 'invalid access_token' });
          const who = take(q.get('code') ?? undefined);
          if (!who) return send(200, { errcode: 40029, errmsg: 'invalid code' });
          return send(200, { errcode: 0, errmsg: 'ok', userid: who, user_ticket: 'USER_TICKET' });
        }
        // https://developer.work.weixin.qq.com/document/path/90196 (user/get)
        case 'GET /cgi-bin/user/get': {
          if (tokens.get(q.get('access_token') ?? '') !== 'wecom-app') return send(200, { errcode: 40014, errmsg: 'invalid access_token' });
          const member = WECOM_MEMBERS[q.get('userid') ?? ''];
          return member ? send(200, { errcode: 0, errmsg: 'ok', ...member }) : send(200, { errcode: 60111, errmsg: 'userid not found' });
        }
        // 钉钉 https://open.dingtalk.com/document/orgapp/obtain-user-token
        case 'POST /v1.0/oauth2/userAccessToken': {
          if (b.clientId !== VENDOR.dingtalk.clientId || b.clientSecret !== VENDOR.dingtalk.clientSecret || b.grantType !== 'authorization_code') {
            return send(400, { code: 'invalidClient', message: 'client invalid', requestid: 'r1' });
          }
          const who = take(b.code);
          if (!who) return send(400, { code: 'invalidAuthCode', message: 'authCode invalid', requestid: 'r2' });
          return send(200, { accessToken: token(who), refreshToken: 'refresh', expireIn: 7200, corpId: 'ding-corp' });
        }
        // https://open.dingtalk.com/document/orgapp/dingtalk-retrieve-user-information
        case 'GET /v1.0/contact/users/me': {
          const who = tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
          return who && DINGTALK_USERS[who] ? send(200, DINGTALK_USERS[who]) : send(401, { code: 'InvalidAuthentication', message: 'token invalid' });
        }
        // 飞书 https://open.feishu.cn/document/authentication-management/access-token/get-user-access-token
        case 'POST /open-apis/authen/v2/oauth/token': {
          if (b.client_id !== VENDOR.feishu.appId || b.client_secret !== VENDOR.feishu.appSecret || b.grant_type !== 'authorization_code') {
            return send(400, { code: 20002, error: 'invalid_client', error_description: 'client invalid' });
          }
          if (!b.code_verifier || !b.redirect_uri) return send(400, { code: 20003, error: 'invalid_grant', error_description: 'missing code_verifier or redirect_uri' });
          const who = take(b.code);
          if (!who) return send(400, { code: 20003, error: 'invalid_grant', error_description: 'code invalid' });
          return send(200, { code: 0, access_token: token(who), expires_in: 7200, refresh_token: 'r', refresh_token_expires_in: 604800, token_type: 'Bearer', scope: '' });
        }
        // https://open.feishu.cn/document/server-docs/authentication-management/login-state-management/get
        case 'GET /open-apis/authen/v1/user_info': {
          const who = tokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
          return who && FEISHU_USERS[who] ? send(200, { code: 0, msg: 'success', data: FEISHU_USERS[who] }) : send(401, { code: 99991668, msg: 'Invalid access token' });
        }
        default:
          return send(404, { errcode: 404, errmsg: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base, seen, codes, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
