import { CODE } from '../../../contract/codes.js';
import { AppError } from '../../platform/lib/errors.js';
import { attributeOf, equalities, matches, parseFilter, type Filter } from './filter.js';
import type { Attribute, Container, ResourceShape } from './schema.js';

/**
 * SCIM PATCH (RFC 7644 §3.5.2) applied to a resource's JSON document: the caller reads the
 * resource, patches the document here, and writes the result as it would a PUT, so both paths
 * share one validation and one write. What identity providers really send is accepted too:
 * capitalised ops, `"False"` for false, no-path values whose keys are paths, and `remove` on
 * `members` with the members to remove as its value.
 */
export interface PatchOperation {
  op: 'add' | 'replace' | 'remove';
  path?: string;
  value?: unknown;
}

type Doc = Record<string, unknown>;

const invalidPath = (path: string) => new AppError(CODE.scimInvalidPath, { path });
const noTarget = (path: string) => new AppError(CODE.scimNoTarget, { path });
const readOnly = (attribute: string) => new AppError(CODE.scimMutability, { attribute });

/** Where a path points: an attribute of the core schema or of an extension, perhaps filtered, perhaps a sub-attribute. */
interface Target {
  /** null: the core schema; else the extension's URN (its object in the document). */
  extension: string | null;
  attribute: Attribute;
  filter?: Filter;
  sub?: Attribute;
}

type Resolved = Target | { extension: string; whole: true } | { ignored: true };

const isObject = (v: unknown): v is Doc => !!v && typeof v === 'object' && !Array.isArray(v);
const find = (list: readonly Attribute[] | undefined, name: string) => list?.find((a) => a.name.toLowerCase() === name.toLowerCase());

function splitFilter(raw: string): { head: string; filter?: string; tail?: string } {
  const open = raw.indexOf('[');
  if (open < 0) return { head: raw };
  const close = raw.lastIndexOf(']');
  if (close < open) throw invalidPath(raw);
  const tail = raw.slice(close + 1);
  if (tail && !/^\.[A-Za-z$][\w$-]*$/.test(tail)) throw invalidPath(raw);
  return { head: raw.slice(0, open), filter: raw.slice(open + 1, close), tail: tail ? tail.slice(1) : undefined };
}

export function resolvePath(raw: string, shape: ResourceShape): Resolved {
  const { head, filter, tail } = splitFilter(raw.trim());
  let extension: string | null = null;
  let container: Container = shape.container;
  let rest = head;
  if (head.toLowerCase().startsWith('urn:')) {
    const lower = head.toLowerCase();
    const urn = [shape.core, ...Object.keys(shape.extensions)].find((u) => lower === u.toLowerCase() || lower.startsWith(`${u.toLowerCase()}:`));
    if (!urn) throw invalidPath(raw);
    if (urn !== shape.core) {
      extension = urn;
      container = shape.extensions[urn];
    }
    if (lower === urn.toLowerCase()) {
      if (extension === null || filter !== undefined) throw invalidPath(raw);
      return { extension, whole: true };
    }
    rest = head.slice(urn.length + 1);
  }
  const [name, sub, ...more] = rest.split('.');
  if (!name || more.length || (sub !== undefined && tail !== undefined)) throw invalidPath(raw);
  const attribute = find(container.attributes, name);
  if (!attribute) {
    if (container.ignored.some((n) => n.toLowerCase() === name.toLowerCase())) return { ignored: true };
    throw invalidPath(raw);
  }
  const subName = sub ?? tail;
  let subAttribute: Attribute | undefined;
  if (subName !== undefined) {
    subAttribute = find(attribute.subAttributes, subName);
    if (!subAttribute) throw invalidPath(raw);
  }
  if (filter !== undefined && !attribute.multiValued) throw invalidPath(raw);
  return { extension, attribute, filter: filter === undefined ? undefined : parseFilter(filter), sub: subAttribute };
}

/** A complex value with its sub-attribute names as the schema spells them (clients vary the case). */
function canonical(attribute: Attribute, value: unknown): unknown {
  if (attribute.type !== 'complex' || !isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [find(attribute.subAttributes, k)?.name ?? k, v]));
}

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** Two values of a multi-valued attribute are the same one when their `value`s are (members, emails). */
function sameValue(a: unknown, b: unknown): boolean {
  const va = attributeOf(a, 'value');
  const vb = attributeOf(b, 'value');
  if (va !== undefined || vb !== undefined) return String(va).toLowerCase() === String(vb).toLowerCase();
  return JSON.stringify(a) === JSON.stringify(b);
}

function setOrDelete(container: Doc, key: string, value: unknown): void {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) delete container[key];
  else container[key] = value;
}

function applyMulti(container: Doc, op: PatchOperation, target: Target, path: string): void {
  const key = target.attribute.name;
  const current = listOf(container[key]);
  const sub = target.sub?.name;
  if (!target.filter) {
    if (sub) {
      if (op.op === 'remove') current.forEach((item) => isObject(item) && delete item[sub]);
      else if (current.length === 0) current.push({ [sub]: op.value });
      else current.forEach((item) => isObject(item) && (item[sub] = op.value));
      setOrDelete(container, key, current);
      return;
    }
    const values = listOf(op.value).map((v) => canonical(target.attribute, v));
    if (op.op === 'add') setOrDelete(container, key, [...current, ...values.filter((v) => !current.some((c) => sameValue(c, v)))]);
    else if (op.op === 'replace') setOrDelete(container, key, values);
    // A value on a remove names the ones to remove (what Azure AD sends for members); none: all of them.
    else setOrDelete(container, key, values.length ? current.filter((c) => !values.some((v) => sameValue(c, v))) : []);
    return;
  }
  const hit = current.filter((item) => matches(target.filter!, item));
  if (op.op === 'remove') {
    if (sub) hit.forEach((item) => isObject(item) && delete item[sub]);
    setOrDelete(container, key, sub ? current : current.filter((item) => !hit.includes(item)));
    return;
  }
  if (hit.length === 0) {
    // `emails[type eq "work"].value` with no work address yet: the value the filter describes is made.
    if (op.op === 'replace' && !sub) throw noTarget(path);
    const made = sub ? { ...equalities(target.filter), [sub]: op.value } : { ...equalities(target.filter), ...(canonical(target.attribute, op.value) as Doc) };
    setOrDelete(container, key, [...current, made]);
    return;
  }
  const replaced = current.map((item) => {
    if (!hit.includes(item)) return item;
    if (sub) return { ...(item as Doc), [sub]: op.value };
    return op.op === 'add' && isObject(item) ? { ...item, ...(canonical(target.attribute, op.value) as Doc) } : canonical(target.attribute, op.value);
  });
  setOrDelete(container, key, replaced);
}

function applySingle(container: Doc, op: PatchOperation, target: Target): void {
  const key = target.attribute.name;
  if (target.sub) {
    const parent = isObject(container[key]) ? { ...(container[key] as Doc) } : {};
    if (op.op === 'remove') delete parent[target.sub.name];
    else parent[target.sub.name] = op.value;
    setOrDelete(container, key, Object.keys(parent).length ? parent : undefined);
    return;
  }
  if (op.op === 'remove') {
    delete container[key];
    return;
  }
  // A complex attribute takes the sub-attributes given and keeps the others (RFC 7644 §3.5.2.1, .3).
  if (target.attribute.type === 'complex' && isObject(op.value) && isObject(container[key])) {
    setOrDelete(container, key, { ...(container[key] as Doc), ...(canonical(target.attribute, op.value) as Doc) });
    return;
  }
  setOrDelete(container, key, canonical(target.attribute, op.value));
}

function applyOne(doc: Doc, op: PatchOperation, shape: ResourceShape): void {
  if (op.path === undefined || op.path === '') {
    if (op.op === 'remove') throw noTarget('(none)');
    if (!isObject(op.value)) throw new AppError(CODE.scimInvalidSyntax, { reason: 'an operation without a path takes an object as its value' });
    for (const [key, value] of Object.entries(op.value)) {
      const lower = key.toLowerCase();
      if (lower === 'schemas' || lower === 'meta') continue;
      // Clients resend the id with the rest of the resource; only a different one is a change.
      if (lower === 'id') {
        if (String(value) !== String(doc.id)) throw readOnly('id');
        continue;
      }
      applyOne(doc, { op: op.op, path: key, value }, shape);
    }
    return;
  }
  const path = op.path;
  const resolved = resolvePath(path, shape);
  if ('ignored' in resolved) return;
  if ('whole' in resolved) {
    if (op.op === 'remove') {
      delete doc[resolved.extension];
      return;
    }
    if (!isObject(op.value)) throw new AppError(CODE.scimInvalidSyntax, { reason: `${path} takes an object as its value` });
    for (const [key, value] of Object.entries(op.value)) applyOne(doc, { op: op.op, path: `${resolved.extension}:${key}`, value }, shape);
    return;
  }
  if (resolved.attribute.mutability === 'readOnly' || resolved.sub?.mutability === 'readOnly') throw readOnly(path);
  if (op.op !== 'remove' && op.value === undefined) throw new AppError(CODE.scimInvalidSyntax, { reason: `${op.op} of ${path} needs a value` });
  let container = doc;
  if (resolved.extension) {
    if (!isObject(doc[resolved.extension])) doc[resolved.extension] = {};
    container = doc[resolved.extension] as Doc;
  }
  if (resolved.attribute.multiValued) applyMulti(container, op, resolved, path);
  else applySingle(container, op, resolved);
  if (resolved.extension && Object.keys(container).length === 0) delete doc[resolved.extension];
}

/** The document after the operations, in order; the input document is left as it was. */
export function applyPatch(document: Doc, operations: readonly PatchOperation[], shape: ResourceShape): Doc {
  const doc = structuredClone(document);
  for (const op of operations) applyOne(doc, op, shape);
  return doc;
}
