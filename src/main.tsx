/*
 * The page's entry: it only starts the downloads. Its imports are all dynamic, so the browser
 * asks for the framework and for the code of the page being opened at the same moment, instead
 * of learning about the page's chunks only after the framework has been fetched and run (one
 * round trip and a few hundred milliseconds of a phone's CPU fewer before the first paint).
 * Root imports the same modules lazily and gets them from the module map. Nothing is imported
 * statically, not even config.ts: whatever the entry imports, it waits for.
 */
const SIGN_IN_PATH = '/login'; // LOGIN_PATH in config.ts
const HOME_PATHS = ['', '/myApp']; // HOME_PATH in config.ts, and the root that leads to it

const path = window.location.pathname.replace(/\/+$/, '');
const onSignInPage = path === SIGN_IN_PATH;
// The home page (where every sign-in lands) starts its own code and first calls at once
// (src/earlyCalls.ts); the sign-in page never downloads that. Asked first: the page's own imports
// below queue some thirty chunk requests on the browser's six connections, and the calls waited
// behind them (about 0.4 s).
if (HOME_PATHS.includes(path)) import('./earlyCalls').catch(() => undefined);

// Two statements, each with its own import: folded into one call (`import(a ? x : y)`-like), the
// bundler preloads the union of both pages' chunks, and the sign-in page downloads the whole
// signed-in application (tests/bench/bundle.ts checks the built entry for this).
// A failure surfaces where Root imports the page itself, not here.
if (onSignInPage) {
  import('./pages/sign-in/LoginPage').catch(() => undefined);
} else {
  import('./App').catch(() => undefined);
  // The reader's language's page texts, which App waits for (providers/pageLocales.ts): asked beside
  // it, not after it has run. Two statements for the same reason as above.
  let english = false;
  try {
    english = localStorage.getItem('idaas.lang') === 'en'; // STORAGE_KEYS.lang
  } catch {
    // No storage: the default language, as i18nProvider decides it.
  }
  if (english) import('./providers/pageLocales.en').catch(() => undefined);
  else import('./providers/pageLocales.zh').catch(() => undefined);
  // The side menu, drawn at once beside the page from 992 px wide (MOBILE_BREAKPOINT), in a drawer
  // opened on demand below that (layout/PortalLayout.tsx).
  if (window.innerWidth >= 992) import('./shared/components/SideMenu').catch(() => undefined);
  // antd's styles for the signed-in pages, built ahead (build/antdStaticCss.ts): switched on before
  // antd first reads which styles the page already has.
  document.getElementById('antd-signed-in')?.setAttribute('media', 'all');
}

void import('./boot');
