import { sql, type Expression, type SqlBool } from 'kysely';
import { contains, startsWith } from '../platform/db/paging.js';

/** Needles this long have a trigram for the search indexes to look up (migration 0014); shorter ones scan. */
const TRIGRAM = 3;

/**
 * A person whose account or name holds the keyword anywhere (either case), or whose phone starts
 * with it: through the FTS5 trigram table on SQLite and the pg_trgm indexes on PostgreSQL. Every
 * search for people (the workbench's lists and pickers, the portal's people search) uses this one,
 * so "三" finds 张三 wherever a name can be typed. `users` is the name the users table has in
 * the query.
 */
export function personMatches(keyword: string, sqlite: boolean, users = 'users'): Expression<SqlBool> {
  const needle = keyword.toLowerCase();
  const column = (name: string) => sql.ref(`${users}.${name}`);
  const any: Expression<SqlBool>[] = [];
  if (sqlite && [...needle].length >= TRIGRAM) {
    // One phrase, quoted as FTS5 wants: it matches wherever the characters appear in a row's columns.
    any.push(sql<SqlBool>`${column('id')} in (select rowid from users_search where users_search match ${`"${needle.replace(/"/g, '""')}"`})`);
  } else {
    // SQLite's LIKE folds ASCII case itself; PostgreSQL's needs the lower-case name its index holds.
    const name = sqlite ? column('user_name') : sql`lower(${column('user_name')})`;
    any.push(sql<SqlBool>`${column('user_id')} like ${contains(needle)} escape ${'\\'}`, sql<SqlBool>`${name} like ${contains(needle)} escape ${'\\'}`);
  }
  if (/^\d+$/.test(keyword)) any.push(startsWith(`${users}.mobile_no`, keyword));
  return sql<SqlBool>`(${sql.join(any, sql` or `)})`;
}
