import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, migrate } from '../../server/platform/db/connect.js';
import { storeCases } from './harness.js';
import { runAdmin, runAdminHere } from './adminCli.js';
import { hasSlapd, startDirectory, type Directory } from '../support/slapd.js';
import { organisationLdif } from '../support/directoryLdif.js';

const SHAPE = { people: 40, ous: 4, groups: 3 };

describe.skipIf(!hasSlapd()).each(storeCases())('npm run admin -- directory-sync ($name)', (store) => {
  let directory: Directory;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    directory = await startDirectory([], organisationLdif(SHAPE, 'dc=corp,dc=example'));
    env = { LDAP_URL: directory.url, LDAP_BASE_DN: directory.baseDn, LDAP_BIND_DN: directory.bindDn, LDAP_BIND_PASSWORD: directory.bindPassword };
  }, 60_000);
  afterAll(async () => { await directory?.stop(); });

  /** An operator's store with its first administrator (groups need a manager). */
  const prepared = async () => {
    const url = store.url('dircli');
    expect((await runAdminHere(['create', 'root.admin'], url)).code).toBe(0);
    return url;
  };
  const people = async (url: string) => {
    const s = openStore(url);
    try {
      await migrate(s);
      return (await s.db.selectFrom('users').select('user_id').where('directory_key', 'is not', null).execute()).length;
    } finally {
      await s.db.destroy();
    }
  };

  it('a dry run prints the counts and changes nothing; the run prints them and writes (the compiled command, exit 0)', async () => {
    const url = await prepared();
    const dry = await runAdminHere(['directory-sync', '--dry-run'], url, env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('(dry run, nothing changed)');
    // Base entry, ou=people, ou=org, ou=groups and 4 units; 40 people; 3 groups.
    expect(dry.stdout).toContain('created 51, updated 0, moved 0, disabled 0, reenabled 0, skipped 0, failed 0');
    expect(await people(url)).toBe(0);
    const run = await (store.name === 'sqlite' ? runAdmin : runAdminHere)(['directory-sync'], url, env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('created 51,');
    expect(run.stdout).toMatch(/created: user d00000 — new in the directory/);
    expect(await people(url)).toBe(SHAPE.people);
  }, 60_000);

  it('an unreachable directory exits 1 with its code and changes nothing; wrong usage exits 2', async () => {
    const url = await prepared();
    const down = await runAdminHere(['directory-sync'], url, { ...env, LDAP_URL: 'ldap://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('E60022');
    expect(await people(url)).toBe(0);
    const none = await runAdminHere(['directory-sync'], url, { LDAP_URL: '' });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('E60021');
    expect((await runAdminHere(['directory-sync', '--dry'], url, env)).code).toBe(2);
  }, 60_000);
});
