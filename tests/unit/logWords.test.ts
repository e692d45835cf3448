import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_TYPES, ALL_SCENE_CODES } from '../../contract/dictionaries';
import { directoryLoginBody } from '../../contract/schemas/signIn';

const SERVER = join(__dirname, '../../server');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['demo', 'migrations'].includes(name) ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}
const files = sources(SERVER).map((path) => ({ path: relative(SERVER, path), text: readFileSync(path, 'utf8') }));
const literals = (line: string) => [...line.matchAll(/'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g)].map((m) => m[1]);

/**
 * Every scene the server writes to the operation log: workbench and provisioning changes
 * (ADMIN_…, SCIM_… wherever they are named) and the account operations passed to
 * audit.operation or a password change's `scene`. Provisioning writes each ADMIN_ scene it shares
 * as SCIM_ (protocols/scim/shared.ts), so those count too.
 */
function writtenScenes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { path, text } of files) {
    for (const line of text.split('\n')) {
      for (const code of literals(line)) {
        const named = /^(ADMIN|SCIM)_/.test(code);
        if (named || /\.operation\(|\bscene: '/.test(line)) found.set(code, path);
        if (code.startsWith('ADMIN_')) found.set(code.replace(/^ADMIN_/, 'SCIM_'), path);
      }
    }
  }
  return found;
}

/** Every method the server writes to the sign-in log: literals and constants passed as optType, and the directory's types. */
function writtenMethods(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { path, text } of files) {
    const constants = new Map([...text.matchAll(/const ([A-Z_]+) = '([A-Z_]+)'/g)].map((m) => [m[1], m[2]]));
    for (const m of text.matchAll(/optType: (?:'([A-Z_]+)'|([A-Z_]+)\b)/g)) {
      const code = m[1] ?? constants.get(m[2]);
      if (code) found.set(code, path);
    }
  }
  for (const type of directoryLoginBody.shape.loginType.unwrap().options) found.set(type, 'contract/schemas/signIn.ts');
  return found;
}

const wordless = (written: Map<string, string>, words: Record<string, { zh: string; en: string }>) =>
  [...written].filter(([code]) => !words[code]?.zh?.trim() || !words[code]?.en?.trim()).map(([code, path]) => `${code} (${path})`);

describe('the workbench logs have words for every code the server writes', () => {
  it('finds the scenes and methods it checks (the scan is not blind)', () => {
    const scenes = writtenScenes();
    for (const code of ['ADMIN_NOTICE_CREATE', 'ADMIN_USER_DISABLE', 'SCIM_USER_UPDATE', 'CHANGE_PASSWORD', 'USE_PHONE', 'STOP_PHONE', 'APPROVE_REJECT', 'ADD_PASSKEY']) {
      expect(scenes.has(code), code).toBe(true);
    }
    expect([...writtenMethods().keys()].sort()).toEqual(expect.arrayContaining(['ACCOUNT', 'LDAP', 'MSG_CODE', 'PASSKEY', 'PA_ACCOUNT', 'SECOND_AUTH', 'SSO']));
  });

  it('names every operation-log scene in zh and en', () => {
    expect(wordless(writtenScenes(), ALL_SCENE_CODES)).toEqual([]);
  });

  it('names every sign-in method in zh and en', () => {
    expect(wordless(writtenMethods(), ACCESS_TYPES)).toEqual([]);
  });
});
