import { describe, expect, it } from 'vitest';
import { CODE } from '../../contract/codes';
import { explainedCodes, NEW_PASSWORD_FIELDS, showOnField, type FieldRefusals } from '../../src/shared/hooks/fieldRefusals';
import { tabIn } from '../../src/shared/hooks/useTabParam';
import { ApiError } from '../../src/shared/providers/apiError';

function form() {
  const set: unknown[] = [];
  return { set, setFields: (fields: unknown[]) => void set.push(...fields) };
}

describe('refusals under their fields', () => {
  const fields: FieldRefusals = [[[CODE.codeWrong], 'code', 'the spec text'], ...NEW_PASSWORD_FIELDS];

  it('puts a refusal the form explains under its field, in the spec\'s words or else the server\'s', () => {
    const f = form();
    expect(showOnField(f, fields, new ApiError(CODE.codeWrong, 'server text'))).toBe(true);
    expect(showOnField(f, fields, new ApiError(CODE.passwordContainsAccount, 'contains the account'))).toBe(true);
    expect(f.set).toEqual([
      { name: 'code', errors: ['the spec text'] },
      { name: 'newPassword', errors: ['contains the account'] },
    ]);
  });

  it('leaves any other refusal to the toast, and names every explained code as quiet', () => {
    const f = form();
    expect(showOnField(f, fields, new ApiError(CODE.internalError, 'busy'))).toBe(false);
    expect(f.set).toEqual([]);
    expect(explainedCodes(fields)).toContain(CODE.newPasswordsDiffer);
    expect(explainedCodes(fields)).not.toContain(CODE.internalError);
  });
});

describe('a tab named in the address', () => {
  it('is one of the page\'s tabs, else the first', () => {
    const tabs = ['base', 'change'] as const;
    expect(tabIn(tabs, 'change')).toBe('change');
    expect(tabIn(tabs, 'nope')).toBe('base');
    expect(tabIn(tabs, null)).toBe('base');
  });
});
