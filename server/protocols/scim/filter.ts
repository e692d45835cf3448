import { CODE } from '../../../contract/codes.js';
import { LIMITS } from '../../../contract/rules.js';
import { AppError } from '../../platform/lib/errors.js';

/**
 * SCIM filters (RFC 7644 §3.4.2.2): `userName eq "bjensen"`, `emails[type eq "work" and value co
 * "@example.com"]`, `not (active eq false) or meta.lastModified gt "2026-01-01T00:00:00Z"`.
 * Parsed into a tree; what an attribute means is decided by whoever evaluates it (SQL for lists,
 * JavaScript for PATCH paths), and an attribute it does not know is `invalidFilter` there.
 */
export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type FilterValue = string | number | boolean | null;

export type Filter =
  | { kind: 'compare'; path: string; op: CompareOp; value: FilterValue }
  | { kind: 'present'; path: string }
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  /** `emails[type eq "work"]`: the inner filter's paths are sub-attributes of `path`. */
  | { kind: 'valuePath'; path: string; filter: Filter };

const COMPARE_OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

type Token =
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: '(' | ')' | '[' | ']' };

export const invalidFilter = (reason: string) => new AppError(CODE.scimInvalidFilter, { reason });

/** Attribute paths: a name, dotted sub-attributes, optionally behind a schema URN (`urn:…:User:userName`). */
const WORD = /^[A-Za-z0-9_$:.\-+]+/;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    if (c === '(' || c === ')' || c === '[' || c === ']') { tokens.push({ t: c }); i++; continue; }
    if (c === '"') {
      // A JSON string: escapes as JSON has them.
      let j = i + 1;
      while (j < input.length && input[j] !== '"') j += input[j] === '\\' ? 2 : 1;
      if (j >= input.length) throw invalidFilter('unterminated string');
      try {
        tokens.push({ t: 'string', v: JSON.parse(input.slice(i, j + 1)) as string });
      } catch {
        throw invalidFilter('bad escape in a string');
      }
      i = j + 1;
      continue;
    }
    const word = WORD.exec(input.slice(i));
    if (!word) throw invalidFilter(`unexpected character ${JSON.stringify(c)}`);
    tokens.push({ t: 'word', v: word[0] });
    i += word[0].length;
  }
  return tokens;
}

function literal(token: Token | undefined): FilterValue {
  if (!token) throw invalidFilter('a comparison needs a value');
  if (token.t === 'string') return token.v;
  if (token.t !== 'word') throw invalidFilter('a comparison needs a value');
  const lower = token.v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (lower === 'null') return null;
  if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(token.v)) return Number(token.v);
  throw invalidFilter(`${token.v} is not a value (strings are quoted)`);
}

/** Recursive descent: or < and < not/parentheses/comparison, as RFC 7644 orders them. */
class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[], private readonly depthMax: number = LIMITS.scimFilterDepthMax) {}

  parse(): Filter {
    const filter = this.or(0);
    if (this.at < this.tokens.length) throw invalidFilter('unexpected text after the filter');
    return filter;
  }

  private peekWord(): string | null {
    const token = this.tokens[this.at];
    return token?.t === 'word' ? token.v.toLowerCase() : null;
  }

  private or(depth: number): Filter {
    let left = this.and(depth);
    while (this.peekWord() === 'or') {
      this.at++;
      left = { kind: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): Filter {
    let left = this.unary(depth);
    while (this.peekWord() === 'and') {
      this.at++;
      left = { kind: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Filter {
    if (depth > this.depthMax) throw invalidFilter('nested too deeply');
    const token = this.tokens[this.at];
    if (!token) throw invalidFilter('the filter ends too early');
    if (token.t === '(') {
      this.at++;
      const inner = this.or(depth + 1);
      this.expect(')');
      return inner;
    }
    if (this.peekWord() === 'not') {
      this.at++;
      if (this.tokens[this.at]?.t !== '(') throw invalidFilter('not must be followed by a parenthesised filter');
      return { kind: 'not', filter: this.unary(depth + 1) };
    }
    if (token.t !== 'word') throw invalidFilter('expected an attribute');
    this.at++;
    const path = token.v;
    if (this.tokens[this.at]?.t === '[') {
      this.at++;
      const inner = this.or(depth + 1);
      this.expect(']');
      return { kind: 'valuePath', path, filter: inner };
    }
    const op = this.peekWord();
    if (op === 'pr') {
      this.at++;
      return { kind: 'present', path };
    }
    if (!op || !COMPARE_OPS.has(op)) throw invalidFilter(`expected an operator after ${path}`);
    this.at++;
    const value = literal(this.tokens[this.at++]);
    return { kind: 'compare', path, op: op as CompareOp, value };
  }

  private expect(t: ')' | ']'): void {
    if (this.tokens[this.at]?.t !== t) throw invalidFilter(`expected ${t}`);
    this.at++;
  }
}

export function parseFilter(input: string): Filter {
  if (input.length > LIMITS.scimFilterMax) throw invalidFilter('too long');
  const tokens = tokenize(input);
  if (tokens.length === 0) throw invalidFilter('empty');
  return new Parser(tokens).parse();
}

/** A value in a document, looked up without regard to case as SCIM attribute names are. */
export function attributeOf(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : (object as Record<string, unknown>)[key];
}

function compareValues(actual: unknown, op: CompareOp, expected: FilterValue): boolean {
  if (op === 'eq' && expected === null) return actual === null || actual === undefined;
  if (op === 'ne' && expected === null) return actual !== null && actual !== undefined;
  if (actual === null || actual === undefined) return op === 'ne';
  if (typeof actual === 'string' && typeof expected === 'string') {
    // Sub-attributes the engine compares (value, type, display) are not case-exact.
    const a = actual.toLowerCase();
    const e = expected.toLowerCase();
    switch (op) {
      case 'eq': return a === e;
      case 'ne': return a !== e;
      case 'co': return a.includes(e);
      case 'sw': return a.startsWith(e);
      case 'ew': return a.endsWith(e);
      case 'gt': return a > e;
      case 'ge': return a >= e;
      case 'lt': return a < e;
      case 'le': return a <= e;
    }
  }
  if (typeof actual === 'boolean' || typeof expected === 'boolean') {
    if (op === 'eq') return actual === expected;
    if (op === 'ne') return actual !== expected;
    throw invalidFilter(`${op} does not apply to true or false`);
  }
  if (typeof actual === 'number' && typeof expected === 'number') {
    switch (op) {
      case 'eq': return actual === expected;
      case 'ne': return actual !== expected;
      case 'gt': return actual > expected;
      case 'ge': return actual >= expected;
      case 'lt': return actual < expected;
      case 'le': return actual <= expected;
      default: throw invalidFilter(`${op} does not apply to numbers`);
    }
  }
  return op === 'ne';
}

function valueAt(object: unknown, path: string): unknown[] {
  let values: unknown[] = [object];
  for (const part of path.split('.')) {
    values = values.flatMap((v) => {
      const next = attributeOf(v, part);
      return Array.isArray(next) ? next : next === undefined ? [] : [next];
    });
  }
  return values;
}

/**
 * Whether one value of a multi-valued attribute (an email, a member) matches a PATCH path's
 * filter. Paths are its sub-attributes (`type`, `value`, `display`).
 */
export function matches(filter: Filter, object: unknown): boolean {
  switch (filter.kind) {
    case 'and': return matches(filter.left, object) && matches(filter.right, object);
    case 'or': return matches(filter.left, object) || matches(filter.right, object);
    case 'not': return !matches(filter.filter, object);
    case 'present': return valueAt(object, filter.path).some((v) => v !== null && v !== '');
    case 'valuePath': return valueAt(object, filter.path).some((v) => matches(filter.filter, v));
    case 'compare': {
      const values = valueAt(object, filter.path);
      if (values.length === 0) return compareValues(undefined, filter.op, filter.value);
      return filter.op === 'ne' ? values.every((v) => compareValues(v, 'ne', filter.value)) : values.some((v) => compareValues(v, filter.op, filter.value));
    }
  }
}

/** The `attr eq value` pairs a filter insists on (`type eq "work"`), to build the value an `add` creates. */
export function equalities(filter: Filter): Record<string, FilterValue> {
  if (filter.kind === 'compare' && filter.op === 'eq' && !filter.path.includes('.')) return { [filter.path]: filter.value };
  if (filter.kind === 'and') return { ...equalities(filter.left), ...equalities(filter.right) };
  return {};
}
