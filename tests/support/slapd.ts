import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.js';

export const SLAPD = '/usr/sbin/slapd';
export const hasSlapd = () => existsSync(SLAPD) && existsSync('/usr/bin/ldapadd');

export interface Directory {
  url: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  /** Applies an LDIF of changes (changetype: add / modify / modrdn / delete) as the directory's administrator. */
  modify(ldif: string): void;
  /** Adds entries (an LDIF without changetypes). */
  add(ldif: string): void;
  stop(): Promise<void>;
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port}`);
}

/**
 * A real OpenLDAP server for the directory tests: a throwaway mdb database on a free local
 * port, loaded with a small LDIF of people.
 */
export async function startDirectory(people: { uid: string; cn: string; password: string; mail?: string }[], extraLdif = ''): Promise<Directory> {
  const dir = mkdtempSync(join(tmpdir(), 'idaas-slapd-'));
  mkdirSync(join(dir, 'db'));
  const baseDn = 'dc=corp,dc=example';
  const bindDn = `cn=admin,${baseDn}`;
  const bindPassword = 'directory-admin-secret';
  writeFileSync(join(dir, 'slapd.conf'), [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/nis.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    `pidfile ${join(dir, 'slapd.pid')}`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    'database mdb',
    `suffix "${baseDn}"`,
    `rootdn "${bindDn}"`,
    `rootpw ${bindPassword}`,
    `directory ${join(dir, 'db')}`,
    'maxsize 10485760',
  ].join('\n'));
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const proc: ChildProcess = spawn(SLAPD, ['-f', join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });
  await waitForPort(port, 10_000);

  const ldif = [
    `dn: ${baseDn}\nobjectClass: dcObject\nobjectClass: organization\no: Corp\ndc: corp\n`,
    `dn: ou=people,${baseDn}\nobjectClass: organizationalUnit\nou: people\n`,
    ...people.map((p) => `dn: uid=${p.uid},ou=people,${baseDn}\nobjectClass: inetOrgPerson\nuid: ${p.uid}\ncn: ${p.cn}\nsn: ${p.cn}\nuserPassword: ${p.password}\n${p.mail ? `mail: ${p.mail}\n` : ''}`),
  ].join('\n');
  const run = (tool: string, input: string) => {
    const done = spawnSync(tool, ['-x', '-H', url, '-D', bindDn, '-w', bindPassword], { input, maxBuffer: 64 * 1024 * 1024 });
    if (done.status !== 0) throw new Error(`${tool} failed: ${done.stderr.toString()}`);
  };
  run('/usr/bin/ldapadd', extraLdif ? `${ldif}\n${extraLdif}` : ldif);

  return {
    url, baseDn, bindDn, bindPassword,
    modify: (changes) => run('/usr/bin/ldapmodify', changes),
    add: (entries) => run('/usr/bin/ldapadd', entries),
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
