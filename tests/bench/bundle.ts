/**
 * The /login download budget (DESIGN.md §8: ≤ 250 KB gzipped JS on first load, every other page
 * lazy). Walks the Vite manifest from the entry and the sign-in page through their static
 * imports and sums the gzipped size of each JS chunk. `--check` exits 1 over budget.
 * Usage: npx vite build && npx tsx tests/bench/bundle.ts [distDir] [--check]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const BUDGET_KB = 250;
const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

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

const gzKb = (keys: Iterable<string>) =>
  [...keys].filter((k) => manifest[k].file.endsWith('.js')).reduce((sum, k) => sum + gzipSync(readFileSync(join(dir, manifest[k].file)), { level: 9 }).length, 0) / 1024;

const find = (suffix: string) => Object.keys(manifest).find((k) => k.endsWith(suffix));
// The portal's page only: the workbench (systemhub/index.html) is a page of its own that /login never loads.
const WORKBENCH_ENTRY = 'systemhub/index.html';
const entry = Object.keys(manifest).filter((k) => manifest[k].isEntry && k !== WORKBENCH_ENTRY);
const loginPage = find('sign-in/LoginPage.tsx');
const layout = find('layout/PortalLayout.tsx');
const myApps = find('my-apps/MyAppsPage.tsx');
if (!loginPage) throw new Error('sign-in/LoginPage.tsx not found in the manifest');

const login = closure([...entry, loginPage]);
const portal = closure([...entry, ...(layout ? [layout] : []), ...(myApps ? [myApps] : [])]);
const loginKb = gzKb(login);
console.log(`/login first load: ${loginKb.toFixed(1)} KB gzipped JS in ${[...login].filter((k) => manifest[k].file.endsWith('.js')).length} chunks (budget ${BUDGET_KB} KB)`);
console.log(`/myApp first load: ${gzKb(portal).toFixed(1)} KB gzipped JS`);
console.log(`/login pulls the portal layout: ${layout && login.has(layout) ? 'yes' : 'no'}`);
if (manifest[WORKBENCH_ENTRY]) console.log(`/systemhub/ first load: ${gzKb(closure([WORKBENCH_ENTRY])).toFixed(1)} KB gzipped JS`);
if (args.includes('--check') && (loginKb > BUDGET_KB || (layout && login.has(layout)))) {
  console.error(`FAIL: /login is over its budget or loads the portal layout`);
  process.exit(1);
}
