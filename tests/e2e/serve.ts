/**
 * The server the Playwright journeys run against: the real server, plus (when slapd is
 * installed) a real OpenLDAP directory so the directory sign-in tabs can be driven too.
 */
import { hasSlapd, startDirectory } from '../support/slapd.js';

export const DIRECTORY_PEOPLE = [
  { uid: 'new.hire', cn: 'New Hire', password: 'Dir#Hire2026' },
];

if (hasSlapd()) {
  const directory = await startDirectory(DIRECTORY_PEOPLE);
  Object.assign(process.env, {
    LDAP_URL: directory.url,
    LDAP_BASE_DN: directory.baseDn,
    LDAP_BIND_DN: directory.bindDn,
    LDAP_BIND_PASSWORD: directory.bindPassword,
  });
  process.on('exit', () => void directory.stop());
} else {
  console.warn('NOTICE: slapd is not installed — the directory sign-in journeys are skipped.');
}

await import('../../server/main.js');
