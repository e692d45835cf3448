/**
 * Download budgets of the portal's pages (DESIGN.md §8): what a first visit to /login and to
 * /myApp fetches, walked in the Vite manifest from the page's modules through their static
 * imports, summed as gzipped JS. /login stays within 250 KB; /myApp within its own budget and
 * without any of the sign-in page's code (which modules each chunk holds comes from
 * .vite/chunk-modules.json, written by build/chunkModules.ts). `--check` exits 1 on a breach.
 * Usage: npx vite build && npx tsx tests/bench/bundle.ts [distDir] [--check]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const LOGIN_BUDGET_KB = 250;
/**
 * Measured at 471 KB in 38 chunks when the personal centre stopped loading sign-in code (472 KB
 * in 51 before, sign-in chunk included): the start-up and form kit it shares with /login (about
 * 250 KB, cached by then), Refine and react-query, the layout, My apps' antd lists, tabs and
 * select. The headroom is for the pages' growth; a jump past it is worth a look at what came in.
 */
const MY_APPS_BUDGET_KB = 500;
/** Code only the sign-in page may carry. */
const SIGN_IN_CODE = /^src\/pages\/sign-in\//;

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const modulesFile = join(dir, '.vite/chunk-modules.json');
const chunkModules = existsSync(modulesFile) ? (JSON.parse(readFileSync(modulesFile, 'utf8')) as Record<string, Record<string, number>>) : null;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

const jsOf = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k].file.endsWith('.js'));
const gzKb = (keys: Iterable<string>) => jsOf(keys).reduce((sum, k) => sum + gzipSync(readFileSync(join(dir, manifest[k].file)), { level: 9 }).length, 0) / 1024;

function find(suffix: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`${suffix} not found in the manifest`);
  return key;
}

// The portal's page only: the workbench (src/systemhub/index.html, served as /systemhub/) is a page of its own that /login never loads.
const WORKBENCH_ENTRY = 'src/systemhub/index.html';
const entry = ['index.html'];
// The entry only starts the downloads (src/main.tsx): start-up code and the page come as dynamic imports.
const startUp = [...entry, find('src/boot.tsx')];
const layout = find('layout/PortalLayout.tsx');
const loginPage = find('sign-in/LoginPage.tsx');
const login = new Set([...closure([...startUp, loginPage]), ...preloadedWith(loginPage)]);
// The signed-in pages' texts come in the reader's language only, as a chunk the entry asks for beside
// the application (src/main.tsx); the default language's is counted.
const pageTexts = Object.keys(manifest).find((k) => k.endsWith('providers/pageLocales.zh.ts'));
const myApps = closure([...startUp, find('src/App.tsx'), layout, find('my-apps/MyAppsPage.tsx'), ...(pageTexts ? [pageTexts] : [])]);

/**
 * What the built entry really preloads with a page's dynamic import (its `__vite__mapDeps` list),
 * as manifest keys. The manifest's graph says what a page needs; this says what the browser
 * fetches, which differs when the bundler folds the entry's two imports into one call and
 * preloads both pages' chunks for either.
 */
function preloadedWith(pageKey: string): string[] {
  const code = readFileSync(join(dir, manifest[entry[0]].file), 'utf8');
  const files = /m\.f=\[([^\]]*)\]/.exec(code)?.[1].split(',').map((f) => f.replace(/["'`]/g, '').replace(/^assets\//, '')) ?? [];
  const page = manifest[pageKey].file.replace(/^assets\//, '');
  const call = new RegExp(`import\\(\`\\./${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\\)[^;]*?__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`).exec(code);
  if (!call) throw new Error(`the entry's import of ${page} was not found: has the entry changed shape?`);
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file.replace(/^assets\//, ''), key]));
  return call[1].split(',').filter(Boolean).map((i) => byFile.get(files[Number(i)])).filter((key): key is string => key !== undefined);
}

/** Sign-in modules inside the chunks a page loads. */
function signInCodeIn(keys: Set<string>): string[] {
  if (!chunkModules) return [];
  return jsOf(keys).flatMap((k) => Object.keys(chunkModules[manifest[k].file] ?? {}).filter((id) => SIGN_IN_CODE.test(id)).map((id) => `${id} (${manifest[k].file})`));
}

const loginKb = gzKb(login);
const myAppsKb = gzKb(myApps);
const leaked = signInCodeIn(myApps);
console.log(`/login first load: ${loginKb.toFixed(2)} KB gzipped JS in ${jsOf(login).length} chunks (budget ${LOGIN_BUDGET_KB} KB)`);
console.log(`/myApp first load: ${myAppsKb.toFixed(1)} KB gzipped JS in ${jsOf(myApps).length} chunks (budget ${MY_APPS_BUDGET_KB} KB)`);
console.log(`/login pulls the portal layout: ${login.has(layout) ? 'yes' : 'no'}`);
console.log(`/myApp loads sign-in code: ${chunkModules ? (leaked.length ? `yes: ${leaked.join(', ')}` : 'no') : 'unknown (no .vite/chunk-modules.json)'}`);
if (manifest[WORKBENCH_ENTRY]) console.log(`/systemhub/ first load: ${gzKb(closure([WORKBENCH_ENTRY])).toFixed(1)} KB gzipped JS`);

if (args.includes('--check')) {
  const failures = [
    loginKb > LOGIN_BUDGET_KB && `/login is over its ${LOGIN_BUDGET_KB} KB budget`,
    login.has(layout) && '/login loads the portal layout',
    login.has(find('src/App.tsx')) && '/login downloads the signed-in application',
    myAppsKb > MY_APPS_BUDGET_KB && `/myApp is over its ${MY_APPS_BUDGET_KB} KB budget`,
    !chunkModules && `${modulesFile} is missing (build/chunkModules.ts writes it)`,
    leaked.length > 0 && '/myApp loads the sign-in page’s code',
  ].filter(Boolean);
  if (failures.length) {
    for (const failure of failures) console.error(`FAIL: ${failure}`);
    process.exit(1);
  }
}
