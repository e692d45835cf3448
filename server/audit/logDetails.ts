import type { LogNameKeys, LogNames } from './logNamesRepository.js';
import type { Repos } from '../composition/repositories.js';

/**
 * Operation-log details as people read them. The rows keep what was written at the time
 * (application ids, request numbers, group codes, accounts: stable keys); the log page shows the
 * names they stand for now, looked up when the page is read. A key that no longer resolves (a
 * deleted request, a renamed group code) is shown as written.
 */
type Parsed =
  | { kind: 'request'; appId?: string; requestId: number; withApplicant: boolean }
  | { kind: 'app'; appId: string }
  | { kind: 'roles'; permGroupId: number; roleIds: number[] }
  | { kind: 'members'; groupCode: string; accounts: string[] }
  | { kind: 'transfer'; groupCode: string; account: string }
  | { kind: 'group'; groupCode: string }
  | { kind: 'person'; account: string };

const REQUEST = /^(?:([^#]+))?#(\d+)$/;
const ROLES = /^group#(\d+):([\d,]+)$/;
const MEMBERS = /^([^:]+):(.+)$/;
const TRANSFER = /^(.+)->(.+)$/;

function parse(scene: string, detail: string): Parsed | null {
  switch (scene) {
    case 'APPLY_PERMISSION':
    case 'CANCEL_APPLY':
    case 'APPLY_PASSED':
    case 'APPLY_REJECTED':
    case 'APPROVE_PASS':
    case 'APPROVE_REJECT': {
      const m = REQUEST.exec(detail);
      return m ? { kind: 'request', appId: m[1], requestId: Number(m[2]), withApplicant: scene.startsWith('APPROVE_') } : null;
    }
    case 'CANCEL_APP_PERMISSION':
      return { kind: 'app', appId: detail };
    case 'CANCEL_ROLES': {
      const m = ROLES.exec(detail);
      return m ? { kind: 'roles', permGroupId: Number(m[1]), roleIds: m[2].split(',').map(Number) } : null;
    }
    case 'ADD_GROUP_MEMBERS':
    case 'REMOVE_GROUP_MEMBERS': {
      const m = MEMBERS.exec(detail);
      return m ? { kind: 'members', groupCode: m[1], accounts: m[2].split(',') } : null;
    }
    case 'TRANSFER_GROUP': {
      const m = TRANSFER.exec(detail);
      return m ? { kind: 'transfer', groupCode: m[1], account: m[2] } : null;
    }
    case 'RECEIVE_GROUP':
      return { kind: 'group', groupCode: detail };
    case 'RESET_MAILBOX_PASSWORD':
      return { kind: 'person', account: detail };
    default:
      return null;
  }
}

function keysOf(parsed: (Parsed | null)[]): LogNameKeys {
  const keys: LogNameKeys = { appIds: [], requestIds: [], permGroupIds: [], roleIds: [], groupCodes: [], accounts: [] };
  for (const p of parsed) {
    if (!p) continue;
    if (p.kind === 'request') {
      keys.requestIds.push(p.requestId);
      if (p.appId) keys.appIds.push(p.appId);
    } else if (p.kind === 'app') keys.appIds.push(p.appId);
    else if (p.kind === 'roles') {
      keys.permGroupIds.push(p.permGroupId);
      keys.roleIds.push(...p.roleIds);
    } else if (p.kind === 'members') {
      keys.groupCodes.push(p.groupCode);
      keys.accounts.push(...p.accounts);
    } else if (p.kind === 'transfer') {
      keys.groupCodes.push(p.groupCode);
      keys.accounts.push(p.account);
    } else if (p.kind === 'group') keys.groupCodes.push(p.groupCode);
    else keys.accounts.push(p.account);
  }
  const unique = <T>(xs: T[]) => [...new Set(xs)];
  return {
    appIds: unique(keys.appIds), requestIds: unique(keys.requestIds), permGroupIds: unique(keys.permGroupIds),
    roleIds: unique(keys.roleIds), groupCodes: unique(keys.groupCodes), accounts: unique(keys.accounts),
  };
}

function render(p: Parsed, names: LogNames): string | null {
  const person = (account: string) => {
    const name = names.people.get(account);
    return name ? `${name} (${account})` : account;
  };
  switch (p.kind) {
    case 'request': {
      const request = names.requests.get(p.requestId);
      if (request) {
        const what = request.roleNames ? `${request.appName}: ${request.roleNames.split(',').join(', ')}` : request.appName;
        return p.withApplicant ? `${what} — ${request.applicantName}` : what;
      }
      return p.appId ? (names.apps.get(p.appId) ?? null) : null;
    }
    case 'app':
      return names.apps.get(p.appId) ?? null;
    case 'roles': {
      const app = names.permGroups.get(p.permGroupId);
      if (!app) return null;
      return `${app}: ${p.roleIds.map((id) => names.roles.get(id) ?? `#${id}`).join(', ')}`;
    }
    case 'members':
      return `${names.groups.get(p.groupCode) ?? p.groupCode}: ${p.accounts.map(person).join(', ')}`;
    case 'transfer':
      return `${names.groups.get(p.groupCode) ?? p.groupCode} → ${person(p.account)}`;
    case 'group':
      return names.groups.get(p.groupCode) ?? null;
    case 'person':
      return person(p.account);
  }
}

/** The details of one page of operation-log rows, with names in place of ids where they resolve. */
export async function describeDetails(repos: Pick<Repos, 'logNames'>, rows: { sceneCode: string; detail: string | null }[]): Promise<(string | null)[]> {
  const parsed = rows.map((r) => (r.detail ? parse(r.sceneCode, r.detail) : null));
  const keys = keysOf(parsed);
  if (Object.values(keys).every((k) => k.length === 0)) return rows.map((r) => r.detail);
  const names = await repos.logNames.resolve(keys);
  return rows.map((r, i) => {
    const p = parsed[i];
    return (p && render(p, names)) ?? r.detail;
  });
}
