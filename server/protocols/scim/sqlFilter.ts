import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { contains } from '../../platform/db/paging.js';
import { invalidFilter, type Filter, type FilterValue } from './filter.js';

/**
 * How a filterable SCIM attribute is stored. `text` columns compare without regard to case
 * unless `caseExact`; `lower` columns hold lower case already (users.user_id), so equality and
 * "starts with" stay on their index.
 */
export type Column =
  | { kind: 'text'; column: string; caseExact?: boolean; lower?: boolean; upper?: boolean }
  | { kind: 'id'; column: string }
  | { kind: 'bool'; column: string }
  | { kind: 'time'; column: string }
  /** An attribute whose value is fixed (emails.type is "work") whenever `present` holds one. */
  | { kind: 'const'; value: FilterValue; present: string }
  /** A value in a list held in another table (a group's members): `eq` only. */
  | { kind: 'exists'; table: string; key: string; owner: string; value: string };

/** Filterable attributes by lower-case path; a string says why one that exists cannot be filtered on. */
export type ColumnMap = Record<string, Column | string>;

/** The map with every core attribute also under its full name (`urn:…:User:userName`), as clients may write it. */
export function withSchemaNames(coreUrn: string, map: ColumnMap): ColumnMap {
  const prefix = `${coreUrn.toLowerCase()}:`;
  return { ...map, ...Object.fromEntries(Object.entries(map).filter(([k]) => !k.startsWith('urn:')).map(([k, v]) => [prefix + k, v])) };
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function columnOf(map: ColumnMap, path: string): Column {
  const found = map[path.toLowerCase()];
  if (found === undefined) throw invalidFilter(`${path} cannot be filtered on`);
  if (typeof found === 'string') throw invalidFilter(`${path} cannot be filtered on: ${found}`);
  return found;
}

function textCompare(col: Extract<Column, { kind: 'text' }>, op: string, value: FilterValue): RawBuilder<SqlBool> {
  if (typeof value !== 'string') throw invalidFilter('compare text with a quoted string');
  const ref = sql.ref(col.column);
  const exact = col.caseExact || col.lower || col.upper;
  const v = col.caseExact ? value : col.upper ? value.toUpperCase() : value.toLowerCase();
  const subject = exact ? ref : sql`lower(${ref})`;
  switch (op) {
    case 'eq': return sql<SqlBool>`${subject} = ${v}`;
    case 'ne': return sql<SqlBool>`(${ref} is null or ${subject} <> ${v})`;
    case 'co': return sql<SqlBool>`${subject} like ${col.caseExact ? `%${escapeLike(v)}%` : contains(v)} escape ${'\\'}`;
    case 'sw': return exact ? sql<SqlBool>`(${ref} >= ${v} and ${ref} < ${`${v}\uffff`})` : sql<SqlBool>`${subject} like ${`${escapeLike(v)}%`} escape ${'\\'}`;
    case 'ew': return sql<SqlBool>`${subject} like ${`%${escapeLike(v)}`} escape ${'\\'}`;
    case 'gt': return sql<SqlBool>`${subject} > ${v}`;
    case 'ge': return sql<SqlBool>`${subject} >= ${v}`;
    case 'lt': return sql<SqlBool>`${subject} < ${v}`;
    default: return sql<SqlBool>`${subject} <= ${v}`;
  }
}

const ORDERED: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function compare(map: ColumnMap, path: string, op: string, value: FilterValue): RawBuilder<SqlBool> {
  const col = columnOf(map, path);
  if (value === null) {
    if (op !== 'eq' && op !== 'ne') throw invalidFilter('null only compares with eq or ne');
    if (col.kind === 'const') return sql<SqlBool>`${sql.ref(col.present)} is ${sql.raw(op === 'eq' ? '' : 'not ')}null`;
    if (col.kind === 'exists') throw invalidFilter(`${path} only takes eq with a value`);
    return sql<SqlBool>`${sql.ref(col.column)} is ${sql.raw(op === 'eq' ? '' : 'not ')}null`;
  }
  switch (col.kind) {
    case 'text': return textCompare(col, op, value);
    case 'const': {
      if (op !== 'eq' && op !== 'ne') throw invalidFilter(`${path} only takes eq or ne`);
      const same = typeof col.value === 'string' && typeof value === 'string' ? col.value.toLowerCase() === value.toLowerCase() : col.value === value;
      return (same === (op === 'eq')) ? sql<SqlBool>`${sql.ref(col.present)} is not null` : FALSE;
    }
    case 'bool': {
      if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne')) throw invalidFilter(`${path} takes eq or ne with true or false`);
      return sql<SqlBool>`${sql.ref(col.column)} ${sql.raw(op === 'eq' ? '=' : '<>')} ${value ? 1 : 0}`;
    }
    case 'id': {
      if (op !== 'eq' && op !== 'ne') throw invalidFilter(`${path} takes eq or ne`);
      const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : null;
      if (id === null) return op === 'eq' ? FALSE : TRUE;
      return sql<SqlBool>`${sql.ref(col.column)} ${sql.raw(ORDERED[op])} ${id}`;
    }
    case 'time': {
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      if (!ORDERED[op] || Number.isNaN(ms)) throw invalidFilter(`${path} takes eq, ne, gt, ge, lt or le with a date and time ("2026-01-31T08:00:00Z")`);
      return sql<SqlBool>`${sql.ref(col.column)} ${sql.raw(ORDERED[op])} ${ms}`;
    }
    case 'exists': {
      if (op !== 'eq' || typeof value !== 'string') throw invalidFilter(`${path} only takes eq with a quoted value`);
      if (!/^\d{1,10}$/.test(value)) return FALSE;
      return sql<SqlBool>`exists (select 1 from ${sql.table(col.table)} where ${sql.ref(`${col.table}.${col.key}`)} = ${sql.ref(col.owner)} and ${sql.ref(`${col.table}.${col.value}`)} = ${Number(value)})`;
    }
  }
}

/** The filter as a WHERE condition over the resource's table; an attribute not in `map` is invalidFilter. */
export function toSql(filter: Filter, map: ColumnMap, prefix = ''): RawBuilder<SqlBool> {
  const path = (p: string) => (prefix ? `${prefix}.${p}` : p);
  switch (filter.kind) {
    case 'and': return sql<SqlBool>`(${toSql(filter.left, map, prefix)} and ${toSql(filter.right, map, prefix)})`;
    case 'or': return sql<SqlBool>`(${toSql(filter.left, map, prefix)} or ${toSql(filter.right, map, prefix)})`;
    case 'not': return sql<SqlBool>`not (${toSql(filter.filter, map, prefix)})`;
    case 'valuePath':
      if (prefix) throw invalidFilter('a [filter] cannot sit inside another');
      return toSql(filter.filter, map, filter.path);
    case 'present': {
      const col = columnOf(map, path(filter.path));
      if (col.kind === 'exists') return sql<SqlBool>`exists (select 1 from ${sql.table(col.table)} where ${sql.ref(`${col.table}.${col.key}`)} = ${sql.ref(col.owner)})`;
      if (col.kind === 'const') return sql<SqlBool>`${sql.ref(col.present)} is not null`;
      if (col.kind === 'text') return sql<SqlBool>`(${sql.ref(col.column)} is not null and ${sql.ref(col.column)} <> '')`;
      return sql<SqlBool>`${sql.ref(col.column)} is not null`;
    }
    case 'compare': return compare(map, path(filter.path), filter.op, filter.value);
  }
}
