import type { Kysely } from 'kysely';
import type { PageResult } from '../../contract/schemas/common.js';
import type { Database } from '../platform/db/schema.js';
import { page } from '../platform/db/paging.js';

/** A saved state of the policies as the history lists it; `policies` is the stored JSON. */
export interface PolicyVersionRecord {
  id: number;
  savedByAccount: string | null;
  savedByName: string | null;
  savedAt: number;
  action: string;
  sections: string;
  fromVersion: number | null;
}

const COLUMNS = [
  'v.id', 'u.user_id as savedByAccount', 'u.user_name as savedByName', 'v.saved_at as savedAt', 'v.action', 'v.sections', 'v.from_version as fromVersion',
] as const;

const numbers = <R extends PolicyVersionRecord>(r: R): R => ({ ...r, savedAt: Number(r.savedAt) });

/** The policies' versions: written in the save's own unit of work, never changed afterwards. */
export function policyVersionsRepo(db: Kysely<Database>) {
  return {
    async insert(v: { savedBy: number; savedAt: number; action: string; sections: string; fromVersion: number | null; policies: string }): Promise<number> {
      const row = await db.insertInto('policy_versions').values({
        saved_by: v.savedBy, saved_at: v.savedAt, action: v.action, sections: v.sections, from_version: v.fromVersion, policies: v.policies,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async page(pageNum: number, pageSize: number): Promise<PageResult<PolicyVersionRecord>> {
      const found = await page(db, db.selectFrom('policy_versions as v'), (q) => q.leftJoin('users as u', 'u.id', 'v.saved_by').select(COLUMNS).orderBy('v.id', 'desc'), pageNum, pageSize);
      return { ...found, datas: found.datas.map(numbers) };
    },
    /** A version and the complete policies after it and after the one before it. */
    async find(id: number): Promise<(PolicyVersionRecord & { policies: string; previous: string | null }) | undefined> {
      const row = await db.selectFrom('policy_versions as v').leftJoin('users as u', 'u.id', 'v.saved_by')
        .select([...COLUMNS, 'v.policies'])
        .select((eb) => eb.selectFrom('policy_versions as p').select('p.policies').where('p.id', '<', id).orderBy('p.id', 'desc').limit(1).as('previous'))
        .where('v.id', '=', id).executeTakeFirst();
      return row ? numbers({ ...row, previous: row.previous ?? null }) : undefined;
    },
  };
}
