/*
 * What the home page needs first, asked for by the entry (src/main.tsx) while the application's
 * code downloads: the layout's and the page's chunks, which the router would otherwise ask for
 * one after the other once the session check has answered, and the first screen's calls, whose
 * answers src/shared/providers/earlyCalls.ts hands to the http layer. No static imports: it runs
 * before any other module has arrived.
 */

/** The same headers the http layer sends (src/shared/providers/http.ts); an answer asked with others is not used. */
function startEarlyCalls(): void {
  let language = 'zh-CN';
  let instanceId = '';
  try {
    language = localStorage.getItem('idaas.lang') === 'en' ? 'en' : 'zh-CN'; // STORAGE_KEYS.lang
    instanceId = localStorage.getItem('instanceId') ?? ''; // STORAGE_KEYS.instanceId
  } catch {
    // No storage (a locked-down browser): the defaults, as the http layer would send.
  }
  const headers: Record<string, string> = { 'X-Client-Id': 'idaas-portal-web', 'Accept-Language': language };
  if (instanceId) headers['X-Instance-Id'] = instanceId;
  const ask = (method: 'GET' | 'POST', url: string) =>
    fetch(`/idaas${url}`, method === 'GET'
      ? { headers, credentials: 'same-origin' }
      : { method, headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => null);
  const session = ask('POST', '/personal/v1/current-user-detail');
  // The page's own calls only once the session is known good: signed out, the page goes to the
  // sign-in page without them, and they would only add refusals to the console.
  const at = Date.now();
  const afterSession = (method: 'GET' | 'POST', url: string) => ({
    method, url, language, instanceId, at, answer: session.then((res) => (res?.ok ? ask(method, url) : null)),
  });
  (window as unknown as { __idaasEarlyCalls?: unknown }).__idaasEarlyCalls = [
    { method: 'POST', url: '/personal/v1/current-user-detail', language, instanceId, at, answer: session },
    afterSession('POST', '/personal/v1/user-app/list-by-user'),
    afterSession('POST', '/personal/v1/home/content'),
    afterSession('GET', '/personal/v1/today/num'),
    afterSession('POST', '/personal/v1/device/list'),
  ];
}

import('./layout/PortalLayout').catch(() => undefined);
import('./pages/my-apps/MyAppsPage').catch(() => undefined);
startEarlyCalls();
export {};
