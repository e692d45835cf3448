import type { Lang } from '../../../contract/codes.js';
import { isTextKey, text } from '../../platform/lib/texts.js';

/** The few pages the provider shows itself (consent, sign-out, errors), in the portal's colours. */

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The consent page's line for a scope: the catalogue's, or the scope's own name for one it does not know. */
function scope(name: string, lang: Lang): string {
  const key = `oidc.scope.${name}`;
  return isTextKey(key) ? text(key, lang) : name;
}

const STYLE = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:rgba(0,0,0,.88)}
main{max-width:400px;margin:12vh auto;background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 16px}p{line-height:1.6;margin:0 0 16px}ul{padding-left:20px;margin:0 0 24px}li{line-height:1.8}
.actions{display:flex;gap:12px}button{flex:1;height:40px;border-radius:6px;font-size:15px;cursor:pointer;border:1px solid #d9d9d9;background:#fff;color:rgba(0,0,0,.88)}
button.primary{background:#1677ff;border-color:#1677ff;color:#fff}button:hover{opacity:.9}`;

export function shell(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function consentPage(lang: Lang, view: { appName: string; scopes: string[]; action: string; csrf: string }): string {
  const title = text('oidc.consentTitle', lang);
  const items = view.scopes.map((s) => `<li>${escape(scope(s, lang))}</li>`).join('');
  return shell(lang, title, `<h1>${title}</h1><p>${escape(text('oidc.consentLead', lang, { app: view.appName }))}</p><ul>${items}</ul>`
    + `<form method="post" action="${escape(view.action)}"><input type="hidden" name="csrf" value="${escape(view.csrf)}">`
    + `<div class="actions"><button type="submit" name="decision" value="deny">${text('oidc.deny', lang)}</button>`
    + `<button class="primary" type="submit" name="decision" value="allow" autofocus>${text('oidc.allow', lang)}</button></div></form>`);
}

/** `form` is oidc-provider's hidden form (its id and one-time xsrf field); the buttons submit it. */
export function logoutPage(lang: Lang, form: string): string {
  const title = text('oidc.logoutTitle', lang);
  return shell(lang, title, `<h1>${title}</h1><p>${text('oidc.logoutLead', lang)}</p>${form}`
    + `<div class="actions"><button type="submit" form="op.logoutForm">${text('oidc.logoutNo', lang)}</button>`
    + `<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${text('oidc.logoutYes', lang)}</button></div>`);
}

export const loggedOutPage = (lang: Lang): string =>
  shell(lang, text('oidc.loggedOutTitle', lang), `<h1>${text('oidc.loggedOutTitle', lang)}</h1><p>${text('oidc.loggedOutLead', lang)}</p>`);

/** The error's code is shown (it names the problem to whoever helps the user); its description is not, it may quote input. */
export function errorPage(lang: Lang, error: string): string {
  const title = text('oidc.errorTitle', lang);
  return shell(lang, title, `<h1>${title}</h1><p>${text('oidc.errorLead', lang)}</p><p><code>${escape(error)}</code></p>`);
}

/** zh unless English is preferred, as the API decides it. */
export function langOfHeader(header: string | undefined, uiLocales?: string): Lang {
  const first = (uiLocales?.split(' ')[0] ?? header ?? '').trim().toLowerCase();
  return first.startsWith('en') ? 'en' : 'zh';
}
