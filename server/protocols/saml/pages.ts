import { randomBytes } from 'node:crypto';
import type { Lang } from '../../../contract/codes.js';
import { text } from '../../platform/lib/texts.js';

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f0f2f5;color:rgba(0,0,0,.88)}
main{max-width:420px;margin:12vh auto;background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.08);padding:32px}
h1{font-size:20px;margin:0 0 16px}p{line-height:1.6;margin:0 0 16px}button{height:40px;padding:0 24px;border-radius:6px;font-size:15px;cursor:pointer;border:1px solid #1677ff;background:#1677ff;color:#fff}`;

function shell(lang: Lang, title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escape(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

/** Headers of a page the identity provider shows itself: nothing loads, nothing frames it. */
export const PAGE_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
} as const;

/** The problem's short code is shown (it names it to whoever helps the user); the message itself never is, it may quote input. */
export function errorPage(lang: Lang, code: string): string {
  const title = text('saml.errorTitle', lang);
  return shell(lang, title, `<h1>${title}</h1><p>${text('saml.errorLead', lang)}</p><p><code>${escape(code)}</code></p>`);
}

export const loggedOutPage = (lang: Lang): string => shell(lang, text('saml.loggedOutTitle', lang), `<h1>${text('saml.loggedOutTitle', lang)}</h1>`);

/**
 * HTTP-POST binding: a form to the SP's registered URL that submits itself. The one script is
 * allowed by a nonce made for this answer; the form may go only to that URL's origin; without
 * script the button does the same.
 */
export function autoPostPage(lang: Lang, action: string, fields: Record<string, string>): { html: string; headers: Record<string, string> } {
  const nonce = randomBytes(16).toString('base64');
  const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`).join('');
  const title = text('saml.continueTitle', lang);
  const html = shell(lang, title, `<h1>${title}</h1><form method="post" action="${escape(action)}">${inputs}`
    + `<p>${text('saml.continueLead', lang)}</p><button type="submit">${text('saml.continue', lang)}</button></form>`
    + `<script nonce="${nonce}">document.forms[0].submit()</script>`);
  const origin = new URL(action).origin;
  return {
    html,
    headers: {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${origin}; frame-ancestors 'none'`,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  };
}
