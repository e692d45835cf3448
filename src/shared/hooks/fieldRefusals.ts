import type { FormInstance } from 'antd';
import { CODE, CODE_GROUPS, codeIn, type ResultCode } from '../../../contract/codeNames';
import { errorCode } from '../providers/apiError';

/**
 * The refusals a form explains, each under the field it is about: `[codes, field]` pairs (with
 * the spec's own text when it has one, else the server's), the first match wins. Anything else
 * is its hook's toast (or the page's onError).
 */
export type FieldRefusals = readonly (readonly [codes: readonly ResultCode[], field: string, text?: string])[];

/** Every code the form explains on a field: its hook's `quiet` list, so they are not toasted too. */
export const explainedCodes = (fields: FieldRefusals): ResultCode[] => fields.flatMap(([codes]) => codes);

/** Puts a refusal the form explains under its field (the server's text); false when it explains no such code. */
export function showOnField(form: Pick<FormInstance, 'setFields'>, fields: FieldRefusals, error: unknown): boolean {
  const code = errorCode(error);
  const entry = fields.find(([codes]) => codeIn(codes, code));
  if (!entry) return false;
  form.setFields([{ name: entry[1], errors: [entry[2] ?? (error instanceof Error ? error.message : code)] }]);
  return true;
}

/** The fields most forms share: a texted code, the current password, a new one and its repetition. */
export const CODE_FIELD: FieldRefusals = [[CODE_GROUPS.codeRefusals, 'code']];
export const OLD_PASSWORD_FIELD: FieldRefusals = [[[CODE.currentPasswordWrong], 'oldPassword']];
export const NEW_PASSWORD_FIELDS: FieldRefusals = [
  [CODE_GROUPS.passwordPolicy, 'newPassword'],
  [[CODE.newPasswordsDiffer], 'repeatNewPassword'],
];

/*
 * The workbench's forms name their fields by code in a map, and an E00001 (invalid input) goes
 * under the field its message names when the form holds it.
 */
/** Result code → the form field(s) it is about (a dotted name for a nested one: `companyName.zh`). */
export type CodeFields = Readonly<Partial<Record<string, string | readonly string[]>>>;

/** The path an E00001 names: "参数错误 — pwd.minLength: too small" → ['pwd', 'minLength']. */
export function invalidPath(message: string): string[] | null {
  const match = /—\s*([A-Za-z_][\w.]*):/.exec(message);
  return match && match[1] !== 'body' ? match[1].split('.') : null;
}

function hasField(form: FormInstance, name: readonly string[]): boolean {
  let value: unknown = form.getFieldsValue(true);
  for (const key of name) {
    if (!value || typeof value !== 'object' || !(key in value)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return true;
}

/** The longest tail of a path the form holds (a section form holds `minLength`, not `pwd.minLength`). */
function fieldOfPath(form: FormInstance, path: readonly string[]): string[] | null {
  for (let start = 0; start < path.length; start++) {
    const tail = path.slice(start).filter((key) => !/^\d+$/.test(key));
    if (tail.length && hasField(form, tail)) return tail;
  }
  return null;
}

/**
 * Puts a refusal under the field it concerns: a code the form maps to fields, or the field an
 * E00001 names when the form holds it. Returns whether it found one (the toast says it anyway).
 */
export function showFieldError(form: FormInstance | undefined, error: unknown, fields: CodeFields = {}): boolean {
  if (!form || !(error instanceof Error)) return false;
  const code = errorCode(error);
  const mapped = fields[code];
  let names: string[][] = [];
  if (mapped !== undefined) {
    names = (typeof mapped === 'string' ? [mapped] : [...mapped]).map((name) => name.split('.'));
  } else if (code === CODE.invalidInput) {
    const path = invalidPath(error.message);
    const field = path && fieldOfPath(form, path);
    if (field) names = [field];
  }
  names = names.filter((name) => hasField(form, name));
  if (!names.length) return false;
  form.setFields(names.map((name) => ({ name, errors: [error.message] })));
  form.scrollToField(names[0]);
  return true;
}
