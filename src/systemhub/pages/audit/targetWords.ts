import type { TFunction } from 'i18next';

/** Kinds of operation-log targets the workbench has words for (server/audit/logTargets.ts writes the keys). */
const KINDS = new Set(['user', 'mailbox', 'app', 'group', 'request', 'dept', 'notice', 'scim-token', 'zone', 'policy', 'session', 'import', 'users']);

/**
 * What a change touched, in words: its kind and the name it stands for now ("Notice: Holiday
 * hours"), or its kind and key when no name resolves (a deleted notice, a session, the policies).
 */
export function targetWords(target: string | null, targetName: string | null, t: TFunction): string {
  if (!target) return '';
  const colon = target.indexOf(':');
  const kind = colon < 0 ? target : target.slice(0, colon);
  const key = colon < 0 ? '' : target.slice(colon + 1);
  if (!KINDS.has(kind)) return targetName ?? target;
  const kindWord = t(`wb.audit.targets.${kind}`);
  const what = targetName ?? (/^\d+$/.test(key) ? `#${key}` : key);
  return what ? `${kindWord}: ${what}` : kindWord;
}
