import type { Repos } from '../composition/repositories.js';
import type { LogNameKeys, LogNames } from './logNamesRepository.js';

/**
 * What an administrator's change touched, as people read it: the operation log stores a stable
 * key (`user:zhangsan`, `notice:11`, `app:demo-rp`…) and the workbench shows the name that key
 * stands for now, looked up when the page is read. A key that no longer resolves (a deleted
 * notice) or names no record (`policy:…`, `session:…`) has no name; the key itself stays shown.
 */
type Target =
  | { kind: 'person'; account: string }
  | { kind: 'app'; appId: string }
  | { kind: 'group'; code: string }
  | { kind: 'request' | 'dept' | 'notice' | 'scimToken' | 'zone'; id: number };

const NUMBERED = { request: 'request', dept: 'dept', notice: 'notice', 'scim-token': 'scimToken', zone: 'zone' } as const;

function parse(target: string | null): Target | null {
  if (!target) return null;
  const colon = target.indexOf(':');
  if (colon < 0) return null;
  const kind = target.slice(0, colon);
  const key = target.slice(colon + 1);
  if (!key) return null;
  if (kind === 'user' || kind === 'mailbox') return { kind: 'person', account: key };
  if (kind === 'app') return { kind: 'app', appId: key };
  if (kind === 'group') return { kind: 'group', code: key };
  if (kind in NUMBERED && /^\d{1,15}$/.test(key)) return { kind: NUMBERED[kind as keyof typeof NUMBERED], id: Number(key) };
  return null;
}

function keysOf(targets: (Target | null)[]): LogNameKeys {
  const keys: Required<LogNameKeys> = { appIds: [], requestIds: [], permGroupIds: [], roleIds: [], groupCodes: [], accounts: [], deptIds: [], noticeIds: [], scimTokenIds: [], zoneIds: [] };
  for (const t of targets) {
    if (!t) continue;
    if (t.kind === 'person') keys.accounts.push(t.account);
    else if (t.kind === 'app') keys.appIds.push(t.appId);
    else if (t.kind === 'group') keys.groupCodes.push(t.code);
    else if (t.kind === 'request') keys.requestIds.push(t.id);
    else if (t.kind === 'dept') keys.deptIds.push(t.id);
    else if (t.kind === 'notice') keys.noticeIds.push(t.id);
    else if (t.kind === 'zone') keys.zoneIds.push(t.id);
    else keys.scimTokenIds.push(t.id);
  }
  for (const list of Object.values(keys) as unknown[][]) list.splice(0, list.length, ...new Set(list));
  return keys;
}

function nameOf(t: Target, names: LogNames): string | null {
  switch (t.kind) {
    case 'person': return names.people.get(t.account) ?? null;
    case 'app': return names.apps.get(t.appId) ?? null;
    case 'group': return names.groups.get(t.code) ?? null;
    case 'request': {
      const r = names.requests.get(t.id);
      return r ? `${r.applicantName} · ${r.appName}` : null;
    }
    case 'dept': return names.depts.get(t.id) ?? null;
    case 'notice': return names.notices.get(t.id) ?? null;
    case 'scimToken': return names.scimTokens.get(t.id) ?? null;
    case 'zone': return names.zones.get(t.id) ?? null;
  }
}

/** The names of a page's targets, in order (null where none resolves); one lookup per kind. */
export async function targetNames(repos: Pick<Repos, 'logNames'>, targets: (string | null)[]): Promise<(string | null)[]> {
  const parsed = targets.map(parse);
  if (parsed.every((t) => t === null)) return targets.map(() => null);
  const names = await repos.logNames.resolve(keysOf(parsed));
  return parsed.map((t) => (t ? nameOf(t, names) : null));
}
