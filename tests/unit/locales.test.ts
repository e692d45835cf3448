import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codes, isResultCode } from '../../contract/codes';
import { LOGIN_TYPES } from '../../contract/rules';
import { codeText } from '../../src/shared/providers/codeText';
import { i18n, LANGUAGES } from '../../src/shared/providers/i18nProvider';

const SRC = join(__dirname, '../../src');
/** The portal's texts, and the workbench's under `wb.<file>` (src/systemhub/i18n.ts adds them there). */
const LOCALE_ROOTS = [
  { dir: join(SRC, 'locales'), prefix: '' },
  { dir: join(SRC, 'systemhub', 'locales'), prefix: 'wb.' },
];

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

function keysOf(lang: string): string[] {
  return LOCALE_ROOTS.flatMap(({ dir, prefix }) =>
    readdirSync(join(dir, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => flatten(JSON.parse(readFileSync(join(dir, lang, f), 'utf8')), `${prefix}${f.replace(/\.json$/, '')}`)),
  ).sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys named literally in the code: t('a.b'), translate('a.b'), labelKey: 'a.b', titleKey="a.b". */
function usedKeys(): string[] {
  const pattern = /(?:\bt|translate)\(\s*'([a-zA-Z][\w.]*)'|(?:labelKey|titleKey)(?::\s*|=)["']([a-zA-Z][\w.]*)["']/g;
  const keys = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      const key = match[1] ?? match[2];
      if (key && key.includes('.')) keys.add(key);
    }
    for (const match of text.matchAll(/'(menu\.\w+)'/g)) keys.add(match[1]);
  }
  // Keys built from data.
  for (const type of LOGIN_TYPES) keys.add(`login.tabs.${type}`);
  for (const lang of LANGUAGES) keys.add(`common.languages.${lang}`);
  return [...keys].sort();
}

describe('locales', () => {
  it('zh and en have exactly the same keys', () => {
    expect(keysOf('en')).toEqual(keysOf('zh'));
  });

  it('every key the code names exists in both languages', () => {
    const zh = new Set(keysOf('zh'));
    const missing = usedKeys().filter((k) => !zh.has(k));
    expect(missing).toEqual([]);
  });

  it('no locale file restates a result code\'s message: code texts come from contract/codes.ts', () => {
    // A code's message written again in a locale file drifts from the one the server answers.
    const restated = [...keysOf('zh'), ...keysOf('en')].filter((key) => key.split('.').some(isResultCode));
    expect(restated).toEqual([]);
  });

  it('shows a result code in the reader\'s language from the code table, an unknown code as itself', async () => {
    expect(codeText('E40124', { field: 'phone' })).toBe('缺少必填项：phone');
    await i18n.changeLanguage('en');
    try {
      expect(codeText('E40124', { field: 'phone' })).toBe('A required value is missing: phone');
      expect(codeText('E10602')).toBe(codes.E10602.en);
    } finally {
      await i18n.changeLanguage('zh');
    }
    expect(codeText('NETWORK')).toBe('NETWORK');
    expect(codeText('constructor')).toBe('constructor');
  });

  it('the i18n instance serves both languages, zh by default', () => {
    expect(i18n.language).toBe('zh');
    expect(i18n.t('login.actions.submit')).toBe('登录');
    expect(i18n.t('login.actions.submit', { lng: 'en' })).toBe('Sign in');
    expect(i18n.t('login.expiry.content', { days: 3 })).toBe('您的密码还有3天过期，过期后原密码将无法使用，请及时修改密码。');
  });

  it('no Chinese text is hard-coded in components or providers (comments aside)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/\/\/.*$/, '').replace(/^\s*(\*|\/\*).*$/, '');
          if (/[\u4e00-\u9fff]/.test(code)) offenders.push(`${file.replace(SRC, 'src')}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
