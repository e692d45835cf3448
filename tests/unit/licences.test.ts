import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every package the server or the browser bundle ships with must carry a licence that lets the
 * portal be used and sold closed or open, without passing obligations to its users. The tree is
 * package-lock.json's production packages (what `npm ci --omit=dev` installs); each licence is
 * read from the installed package.json, else from the lock (platform packages not installed here).
 */
const ALLOWED: Record<string, string> = {
  MIT: 'permissive; keep the notice',
  ISC: 'permissive, MIT-equivalent',
  'BSD-2-Clause': 'permissive; keep the notice',
  'BSD-3-Clause': 'permissive; keep the notice, no endorsement',
  'Apache-2.0': 'permissive with a patent grant; keep NOTICE files',
  '0BSD': 'public-domain-like',
  'BlueOak-1.0.0': 'permissive (isaacs packages: glob, minimatch, lru-cache…)',
  'CC0-1.0': 'public-domain dedication',
  Unlicense: 'public-domain dedication',
  'Python-2.0': 'permissive (argparse)',
};

/** Licences fit for data files only (no code): allowed for these packages and no others. */
const DATA_ONLY: Record<string, string[]> = {
  'CC-BY-4.0': ['caniuse-lite'],
};

/**
 * Whether an SPDX expression is acceptable: OR needs one acceptable side, AND needs both.
 * `dataPackage` lets the data-only licences through for the packages listed above.
 */
function licenceAllowed(expression: string, packageName = ''): boolean {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let at = 0;
  const one = (id: string) => {
    const bare = id.replace(/\+$/, '');
    return bare in ALLOWED || (DATA_ONLY[bare]?.includes(packageName) ?? false);
  };
  const factor = (): boolean => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      at++;
      return value;
    }
    // "X WITH exception" grants more than X, never less.
    if (tokens[at] === 'WITH') at += 2;
    return one(token ?? '');
  };
  const and = (): boolean => {
    let value = factor();
    while (tokens[at] === 'AND') {
      at++;
      value = factor() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[at] === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  };
  const result = or();
  return at === tokens.length && result;
}

interface LockEntry { dev?: boolean; devOptional?: boolean; license?: string; link?: boolean }

function licenceOf(path: string, entry: LockEntry): string | undefined {
  const file = join(path, 'package.json');
  if (existsSync(file)) {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { license?: string | { type: string }; licenses?: { type: string }[] };
    if (typeof pkg.license === 'string') return pkg.license;
    if (pkg.license?.type) return pkg.license.type;
    if (pkg.licenses?.length) return pkg.licenses.map((l) => l.type).join(' OR ');
  }
  return entry.license;
}

describe('licences', () => {
  it('tells acceptable licences from the traps', () => {
    expect(licenceAllowed('MIT')).toBe(true);
    expect(licenceAllowed('(MIT OR Apache-2.0)')).toBe(true);
    expect(licenceAllowed('(MIT OR WTFPL)')).toBe(true);
    expect(licenceAllowed('MIT AND ISC AND BSD-3-Clause')).toBe(true);
    expect(licenceAllowed('(BSD-2-Clause OR MIT OR Apache-2.0)')).toBe(true);
    expect(licenceAllowed('Apache-2.0 WITH LLVM-exception')).toBe(true);
    // ua-parser-js 2.x and fingerprintjs 4.x, the two seen so far.
    expect(licenceAllowed('AGPL-3.0-or-later')).toBe(false);
    expect(licenceAllowed('BUSL-1.1')).toBe(false);
    expect(licenceAllowed('MIT AND GPL-3.0-only')).toBe(false);
    expect(licenceAllowed('(GPL-2.0 OR LGPL-3.0)')).toBe(false);
    expect(licenceAllowed('SEE LICENSE IN LICENSE.md')).toBe(false);
    expect(licenceAllowed('UNLICENSED')).toBe(false);
    expect(licenceAllowed('')).toBe(false);
    expect(licenceAllowed('CC-BY-4.0', 'caniuse-lite')).toBe(true);
    expect(licenceAllowed('CC-BY-4.0', 'some-code-package')).toBe(false);
  });

  it('ships only production dependencies under an allowed licence', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
    const refused: string[] = [];
    let checked = 0;
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || entry.dev || entry.devOptional || entry.link) continue;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const licence = licenceOf(path, entry);
      checked++;
      if (!licence || !licenceAllowed(licence, name)) refused.push(`${name}: ${licence ?? '(no licence)'}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(refused).toEqual([]);
  });

  it('is MIT itself', () => {
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { license?: string }).license).toBe('MIT');
    const text = readFileSync('LICENSE', 'utf8');
    expect(text).toMatch(/^MIT License/);
    expect(text).toContain('Copyright (c) 2026 IDaaS portal contributors');
  });
});
