import { z } from 'zod';

/** Where a field sits in an input: property names and, for list items, 0. */
export type FieldPath = (string | number)[];

/** One integer field of an input schema. */
export interface IntegerField {
  path: FieldPath;
  /** The integer schema itself. */
  schema: z.ZodNumber;
  /**
   * The other options of a union the integer is one of (`isSuccess: boolean | 0 | 1 | ''`):
   * a value one of them takes is that option's, not a malformed integer.
   */
  alternatives: z.ZodType[];
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** Wrappers that hold one schema and change nothing about the value's type. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

function walk(schema: z.ZodType | undefined, path: FieldPath, alternatives: z.ZodType[], out: IntegerField[]): void {
  if (!schema) return;
  const def = defOf(schema);
  if (def.type === 'number') {
    if ((schema as z.ZodNumber).isInt) out.push({ path, schema: schema as z.ZodNumber, alternatives });
  } else if (WRAPPERS.has(def.type)) {
    walk(def.innerType, path, alternatives, out);
  } else if (def.type === 'pipe') {
    // The input side decides what is taken; a preprocessing step (a transform) hands on to `out`.
    const inner = def.in && defOf(def.in).type === 'transform' ? def.out : def.in;
    walk(inner, path, alternatives, out);
  } else if (def.type === 'union') {
    const options = def.options ?? [];
    for (const option of options) walk(option, path, [...alternatives, ...options.filter((o) => o !== option)], out);
  } else if (def.type === 'intersection') {
    walk(def.left, path, alternatives, out);
    walk(def.right, path, alternatives, out);
  } else if (def.type === 'object') {
    for (const [name, field] of Object.entries(def.shape ?? {})) walk(field, [...path, name], [], out);
  } else if (def.type === 'array') {
    walk(def.element, [...path, 0], [], out);
  } else if (def.type === 'tuple') {
    (def.items ?? []).forEach((item, i) => walk(item, [...path, i], [], out));
  }
}

/**
 * Every integer field of an input schema, however deep (objects, lists, unions, optional and
 * default wrappers): what the server converts from a query string, and what the generated
 * tests try malformed integers on, so a new endpoint cannot be left out.
 */
export function integerFields(schema: z.ZodType | undefined): IntegerField[] {
  const out: IntegerField[] = [];
  walk(schema, [], [], out);
  return out;
}

/** The top-level fields of an input that hold an integer (directly or as a union's option). */
export function topLevelIntegerNames(schema: z.ZodType | undefined): string[] {
  return [...new Set(integerFields(schema).filter((f) => f.path.length === 1).map((f) => String(f.path[0])))];
}
