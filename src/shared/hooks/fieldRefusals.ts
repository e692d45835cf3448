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
