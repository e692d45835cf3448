import type { FormInstance } from 'antd';
import { CODE } from '../../../contract/codeNames';
import { errorCode } from '../../shared/providers/apiError';

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
