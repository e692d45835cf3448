import type { Lang } from '../../contract/codes.js';

/** The few pages the provider shows itself (consent, sign-out, errors), in the portal's colours. */

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const TEXT = {
  zh: {
    consentTitle: '授权确认',
    consentLead: '{app} 请求访问您的以下信息：',
    allow: '同意并继续',
    deny: '拒绝',
    logoutTitle: '退出登录',
    logoutLead: '是否退出统一身份认证门户？退出后，通过门户登录的应用也将一并退出。',
    logoutYes: '退出登录',
    logoutNo: '保持登录',
    loggedOutTitle: '已退出',
    loggedOutLead: '您已成功退出登录。',
    errorTitle: '无法完成登录',
    errorLead: '请求无效或已过期，请返回应用重新登录。',
  },
  en: {
    consentTitle: 'Allow access',
    consentLead: '{app} asks to access:',
    allow: 'Allow and continue',
    deny: 'Deny',
    logoutTitle: 'Sign out',
    logoutLead: 'Sign out of the identity portal? Applications you signed in to through the portal are signed out too.',
    logoutYes: 'Sign out',
    logoutNo: 'Stay signed in',
    loggedOutTitle: 'Signed out',
    loggedOutLead: 'You have signed out.',
    errorTitle: 'Sign-in could not be completed',
    errorLead: 'The request is invalid or has expired. Go back to the application and sign in again.',
  },
} as const satisfies Record<Lang, Record<string, string>>;

const SCOPES: Record<string, Record<Lang, string>> = {
  openid: { zh: '确认您的身份', en: 'Who you are' },
  profile: { zh: '姓名和账号', en: 'Your name and account name' },
  email: { zh: '邮箱地址', en: 'Your email address' },
  phone: { zh: '手机号码', en: 'Your phone number' },
  roles: { zh: '您在该应用中的角色', en: 'Your roles in this application' },
  offline_access: { zh: '在您离开后继续访问', en: 'Access while you are away' },
};

const STYLE = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:rgba(0,0,0,.88)}
main{max-width:400px;margin:12vh auto;background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 16px}p{line-height:1.6;margin:0 0 16px}ul{padding-left:20px;margin:0 0 24px}li{line-height:1.8}
.actions{display:flex;gap:12px}button{flex:1;height:40px;border-radius:6px;font-size:15px;cursor:pointer;border:1px solid #d9d9d9;background:#fff;color:rgba(0,0,0,.88)}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}button:hover{opacity:.9}`;

function shell(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function consentPage(lang: Lang, view: { appName: string; scopes: string[]; action: string; csrf: string }): string {
  const t = TEXT[lang];
  const items = view.scopes.map((s) => `<li>${escape(SCOPES[s]?.[lang] ?? s)}</li>`).join('');
  return shell(lang, t.consentTitle, `<h1>${t.consentTitle}</h1><p>${escape(t.consentLead.replace('{app}', view.appName))}</p><ul>${items}</ul>`
    + `<form method="post" action="${escape(view.action)}"><input type="hidden" name="csrf" value="${escape(view.csrf)}">`
    + `<div class="actions"><button type="submit" name="decision" value="deny">${t.deny}</button>`
    + `<button class="primary" type="submit" name="decision" value="allow" autofocus>${t.allow}</button></div></form>`);
}

/** `form` is oidc-provider's hidden form (its id and one-time xsrf field); the buttons submit it. */
export function logoutPage(lang: Lang, form: string): string {
  const t = TEXT[lang];
  return shell(lang, t.logoutTitle, `<h1>${t.logoutTitle}</h1><p>${t.logoutLead}</p>${form}`
    + `<div class="actions"><button type="submit" form="op.logoutForm">${t.logoutNo}</button>`
    + `<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${t.logoutYes}</button></div>`);
}

export const loggedOutPage = (lang: Lang): string => shell(lang, TEXT[lang].loggedOutTitle, `<h1>${TEXT[lang].loggedOutTitle}</h1><p>${TEXT[lang].loggedOutLead}</p>`);

/** The error's code is shown (it names the problem to whoever helps the user); its description is not, it may quote input. */
export function errorPage(lang: Lang, error: string): string {
  const t = TEXT[lang];
  return shell(lang, t.errorTitle, `<h1>${t.errorTitle}</h1><p>${t.errorLead}</p><p><code>${escape(error)}</code></p>`);
}

/** zh unless English is preferred, as the API decides it. */
export function langOfHeader(header: string | undefined, uiLocales?: string): Lang {
  const first = (uiLocales?.split(' ')[0] ?? header ?? '').trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh';
}
