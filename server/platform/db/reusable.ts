import { CompiledQuery, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { directOf } from './direct.js';

type Slot = { value: string } | { constant: unknown };

interface Template {
  sql: string;
  slots: Slot[];
}

export interface ReusableOptions {
  /**
   * Run on the driver itself, past Kysely's executor (direct.ts), where the store offers it: for
   * the statements of every token request. Inside a transaction (`on`) Kysely runs it as before.
   */
  direct?: boolean;
}

/** Stand-ins that cannot be mistaken for a real value: they must come back as parameters. */
const standIn = (key: string) => `\u0000reusable:${key}\u0000`;

/**
 * A query Kysely builds and compiles once per shape and then runs with new values. Building a
 * select with joins through Kysely's builder took more CPU than SQLite took to run it (see
 * docs/DECISIONS.md, "Speed budgets"), so the reads every request makes — the session lookup, the
 * paged lists — are built once. `build` is given stand-ins for the values that are set (not
 * null/undefined) and must pass each one to Kysely as a value, never read it: the shape is the
 * set of keys that are set, plus `shape` (also given to `build`) for any other choice the SQL
 * depends on, such as an order from an allow-list.
 * A stand-in that does not come back as a parameter (read or inlined) throws at first use.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function reusable<V extends Record<string, unknown>, R>(db: Kysely<any>, build: (values: V, shape: string) => Compilable<R> | RawBuilder<R>, options: ReusableOptions = {}) {
  const templates = new Map<string, Template>();
  const direct = options.direct ? directOf(db) : undefined;

  function compile(values: V, shape: string, key: string): Template {
    const keys = Object.keys(values).filter((k) => values[k] !== undefined && values[k] !== null);
    const stand = Object.fromEntries(keys.map((k) => [k, standIn(k)])) as unknown as V;
    const query = build(stand, shape);
    const compiled = 'isRawBuilder' in query ? query.compile(db) : query.compile();
    const byStandIn = new Map(keys.map((k) => [standIn(k), k]));
    const slots: Slot[] = compiled.parameters.map((p) => (typeof p === 'string' && byStandIn.has(p) ? { value: byStandIn.get(p)! } : { constant: p }));
    const used = new Set(slots.flatMap((s) => ('value' in s ? [s.value] : [])));
    if (compiled.sql.includes('\u0000') || keys.some((k) => !used.has(k))) throw new Error(`reusable query (${key}): a value did not reach the SQL as a parameter`);
    return { sql: compiled.sql, slots };
  }

  function templateOf(values: V, shape: string): Template {
    const key = `${Object.keys(values).filter((k) => values[k] !== undefined && values[k] !== null).join(',')}|${shape}`;
    let template = templates.get(key);
    if (!template) {
      template = compile(values, shape, key);
      templates.set(key, template);
    }
    return template;
  }
  const parametersOf = (template: Template, values: V) => template.slots.map((s) => ('value' in s ? values[s.value] : s.constant));

  const compiledOf = (template: Template, parameters: unknown[]) => CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>;
  const compiled = (values: V, shape = ''): CompiledQuery<R> => {
    const template = templateOf(values, shape);
    return compiledOf(template, parametersOf(template, values));
  };

  /** The rows from the driver itself, or null when the statement has to wait for Kysely's connection. */
  function directly(template: Template, parameters: unknown[]): Promise<R[]> | R[] | null {
    if (direct!.kind === 'postgres') return direct!.rows<R>(template.sql, parameters);
    return direct!.now((prepare) => {
      const statement = prepare(template.sql);
      if (statement.reader) return statement.all(parameters) as R[];
      statement.run(parameters);
      return [];
    });
  }

  // `on`: a transaction of the same database runs the same SQL (the audit chain's insert runs in one).
  // `compiled`: the SQL and parameters alone, for a statement that embeds them (the chain's on PostgreSQL).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return Object.assign(async (values: V, shape = '', on: Kysely<any> = db): Promise<R[]> => {
    // One template lookup, whether the driver runs it or (SQLite's connection held) Kysely does.
    const template = templateOf(values, shape);
    const parameters = parametersOf(template, values);
    const rows = direct && on === db ? directly(template, parameters) : null;
    return rows ?? (await on.executeQuery<R>(compiledOf(template, parameters))).rows;
  }, { compiled });
}
