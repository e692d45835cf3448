import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How the portal's code is cut into chunks (build.rolldownOptions.output.codeSplitting.groups).
 *
 * - framework: the libraries every page runs (React, the router, i18next). Changes
 *   rarely, so it stays cached across releases that only touch our code.
 * - ui: start-up (src/boot.tsx: antd's theme, feedback, languages) and everything the sign-in
 *   page imports from outside its folder (antd's form kit, http, providers, shared fields),
 *   with their dependencies. One chunk compresses better than the dozens of small ones
 *   automatic splitting makes, and the personal centre, which people reach from the sign-in
 *   page, mostly needs the same modules and finds them in the cache.
 * - signin: the sign-in page's own folder. The personal centre never loads it (DESIGN.md §8;
 *   tests/bench/bundle.ts checks it).
 * - app: what the Refine application and the portal's layout import beyond ui and beyond what
 *   the workbench's page shares with them: every signed-in page needs it, so one request
 *   instead of dozens.
 * Everything else is left to automatic splitting: each page with what only it uses.
 *
 * "Imports" follows the import graph, seeing through package barrels (`import { Form } from
 * 'antd'` imports antd/es/form, not all of antd), so the groups follow the code as it changes.
 */

type ModuleInfo = { importedIds: string[]; code: string | null };
type Context = { getModuleInfo(id: string): ModuleInfo | null };

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/;
const SIGN_IN = /src[\\/]pages[\\/]sign-in[\\/]/;
const SIGN_IN_PAGE = /src[\\/]pages[\\/]sign-in[\\/]LoginPage\.tsx$/;
const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Start-up, imported lazily by the entry, which only starts the downloads (src/main.tsx). */
const START_UP = resolve(ROOT, 'src/boot.tsx');
const ENTRY = resolve(ROOT, 'src/main.tsx');
const SIGN_IN_DIR = resolve(ROOT, 'src/pages/sign-in');
/** The signed-in part: the Refine application and the portal's layout around every page. */
const SIGNED_IN_APP = resolve(ROOT, 'src/App.tsx');
const LAYOUT = resolve(ROOT, 'src/layout/PortalLayout.tsx');
const WORKBENCH_ENTRY = resolve(ROOT, 'src/systemhub/main.tsx');

const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]|export\s*\*\s*from\s*['"]([^'"]+)['"]/g;

const normalise = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '');
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function resolveFile(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  return normalise([base, `${base}.js`, `${base}/index.js`].find(isFile) ?? base);
}

const barrels = new Map<string, Map<string, string> | null>();
/** For a package's index module that re-exports (a barrel): exported name → the module that defines it. */
function barrelExports(id: string): Map<string, string> | null {
  if (barrels.has(id)) return barrels.get(id) ?? null;
  barrels.set(id, null);
  if (!/node_modules\/.*\/index\.js$/.test(id) || !isFile(id)) return null;
  const code = readFileSync(id, 'utf8');
  if (!REEXPORT.test(code)) return null;
  REEXPORT.lastIndex = 0;
  const names = new Map<string, string>();
  for (const match of code.matchAll(REEXPORT)) {
    if (match[1] === undefined) {
      for (const [name, target] of barrelExports(resolveFile(id, match[3])) ?? []) names.set(name, target);
      continue;
    }
    for (const part of match[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.set(name, resolveFile(id, match[2]));
    }
  }
  barrels.set(id, names);
  return names;
}

/** Names a module imports (or re-exports) from a specifier; null for a namespace import. */
function namesImported(code: string, specifier: string): string[] | null {
  const from = new RegExp(`(?:import|export)\\s*(?:type\\s+)?(?:[\\w$]+\\s*,\\s*)?(\\{[^}]*\\}|\\*[^'"]*)\\s*from\\s*['"]${specifier.replace(/[/.]/g, '\\$&')}['"]`, 'g');
  const names: string[] = [];
  for (const match of code.matchAll(from)) {
    if (match[1].startsWith('*')) return null;
    names.push(...match[1].slice(1, -1).split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter(Boolean));
  }
  return names;
}

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? '';

/**
 * What a module imports statically, a barrel replaced by the modules behind the names taken
 * from it (all of them when it is imported whole or the names cannot be read). The barrel
 * itself comes along as a leaf (`follow` false) with what its own code imports.
 */
function importsOf(id: string, ctx: Context): { id: string; follow: boolean }[] {
  const info = ctx.getModuleInfo(id);
  if (!info) return [];
  const code = info.code ?? (isFile(id) ? readFileSync(id, 'utf8') : '');
  const follow = (ids: string[]) => [...new Set(ids)].map((dep) => ({ id: dep, follow: true }));
  return info.importedIds.map(normalise).flatMap((dep) => {
    const exports = barrelExports(dep);
    // Inside a package, modules import each other by relative paths: followed as they are.
    if (!exports || !packageOf(dep) || packageOf(dep) === packageOf(id)) return follow([dep]);
    const names = namesImported(code, packageOf(dep));
    if (names === null || names.length === 0) return follow([dep]);
    const targets = names.map((name) => exports.get(name)).filter((target): target is string => !!target);
    // The barrel's own code (a default export, a name it defines) imports these, not what it re-exports.
    const reexported = new Set(exports.values());
    const own = (ctx.getModuleInfo(dep)?.importedIds ?? []).map(normalise).filter((other) => !reexported.has(other) && !barrelExports(other));
    return [{ id: dep, follow: false }, ...follow([...targets, ...own])];
  });
}

/** What the seeds import statically, through their dependencies, short of what `skip` keeps out. */
function reach(ctx: Context, seeds: string[], skip: (id: string) => boolean): Set<string> {
  const found = new Set<string>();
  const stack = seeds.filter((id) => ctx.getModuleInfo(id));
  while (stack.length) {
    const id = stack.pop() as string;
    for (const { id: dep, follow } of importsOf(id, ctx)) {
      if (found.has(dep) || skip(dep)) continue;
      found.add(dep);
      if (follow) stack.push(dep);
    }
  }
  return found;
}

/** Module → group for the ui and app groups. */
function plan(ctx: Context): Map<string, string> {
  // What the entry imports (the preload helper) stays out: the entry must not wait for a group.
  const entry = new Set(importsOf(ENTRY, ctx).map((dep) => dep.id));
  const ui = reach(ctx, [START_UP, ...readdirSync(SIGN_IN_DIR).map((file) => normalise(resolve(SIGN_IN_DIR, file)))], (id) => entry.has(id) || SIGN_IN.test(id) || FRAMEWORK.test(id) || id === START_UP);
  // The Refine application and the layout stay chunks of their own so the manifest names them.
  const shell = new Set([SIGNED_IN_APP, LAYOUT]);
  // What the workbench's page also needs is left to automatic splitting, so it does not load the portal's.
  const workbench = reach(ctx, [WORKBENCH_ENTRY], (id) => FRAMEWORK.test(id));
  const app = reach(ctx, [...shell], (id) => entry.has(id) || ui.has(id) || shell.has(id) || workbench.has(id) || SIGN_IN.test(id) || FRAMEWORK.test(id) || id === START_UP);
  const groups = new Map<string, string>();
  for (const id of app) groups.set(id, 'app');
  for (const id of ui) groups.set(id, 'ui');
  return groups;
}

export function chunkGroups() {
  let groups: Map<string, string> | null = null;
  return [
    { name: 'framework', test: FRAMEWORK, priority: 3 },
    // LoginPage stays a chunk of its own so the manifest names it.
    { name: 'signin', test: (id: string) => SIGN_IN.test(id) && !SIGN_IN_PAGE.test(id), priority: 2, includeDependenciesRecursively: false },
    {
      name(id: string, ctx: Context): string | null {
        groups ??= plan(ctx);
        return groups.get(normalise(id)) ?? null;
      },
      priority: 1,
      includeDependenciesRecursively: false,
    },
  ];
}
