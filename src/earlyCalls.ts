/*
 * The home page's first calls, asked for by the entry (src/main.tsx) while the application's code
 * downloads; src/shared/providers/earlyCalls.ts hands their answers to the http layer. No imports:
 * it runs before any other module has arrived. The layout's and page's chunks are not fetched
 * ahead too: on a phone's bandwidth they slowed the framework's download, which the first paint
 * waits for (Lighthouse, LCP about 0.5 s later).
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
    method, url, language, at, answer: session.then((res) => (res?.ok ? ask(method, url) : null)),
  });
  (window as unknown as { __idaasEarlyCalls?: unknown }).__idaasEarlyCalls = [
    { method: 'POST', url: '/personal/v1/current-user-detail', language, at, answer: session },
    afterSession('POST', '/personal/v1/user-app/list-by-user'),
    afterSession('POST', '/personal/v1/home/content'),
    afterSession('GET', '/personal/v1/today/num'),
    afterSession('POST', '/personal/v1/device/list'),
  ];
}

startEarlyCalls();
export {};
