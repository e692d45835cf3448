import { describe, expect, it } from 'vitest';
import { CODE, CODE_GROUPS, codeIn, codeMessage, codes, envelopeStatus, isResultCode, type ResultCode } from '../../contract/codes';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const entries = Object.entries(codes) as [ResultCode, (typeof codes)[ResultCode]][];

describe('result codes', () => {
  it.each(entries)('%s has zh and en text and an HTTP status', (code, entry) => {
    expect(code).toMatch(/^[DE]\d{5}$/);
    expect(entry.zh.trim()).not.toBe('');
    expect(entry.en.trim()).not.toBe('');
    expect(entry.status).toBeGreaterThanOrEqual(code === 'D00000' ? 200 : 400);
    expect(entry.status).toBeLessThan(600);
  });

  it.each(entries)('%s names the same {placeholders} in zh and en', (_code, entry) => {
    // A parameter only one language shows is text the other language silently drops.
    expect(placeholders(entry.en)).toEqual(placeholders(entry.zh));
  });

  it('fills placeholders from params in the language asked for', () => {
    expect(codeMessage('E20301', 'zh', { accounts: 'nobody, ghost' })).toBe('用户不存在：nobody, ghost');
    expect(codeMessage('E20301', 'en', { accounts: 'nobody' })).toBe('Unknown users: nobody');
  });

  it('names and groups only codes that exist, each group without repeats', () => {
    for (const code of Object.values(CODE)) expect(codes).toHaveProperty(code);
    for (const [name, group] of Object.entries(CODE_GROUPS)) {
      for (const code of group) expect(codes, `${name}: ${code}`).toHaveProperty(code);
      expect(new Set(group).size, name).toBe(group.length);
    }
  });

  it('names every code exactly once', () => {
    const named = Object.values(CODE) as string[];
    expect([...named].sort()).toEqual(Object.keys(codes).sort());
  });

  it('tells whether any string is a result code', () => {
    expect(isResultCode('E10802')).toBe(true);
    expect(isResultCode('NETWORK')).toBe(false);
    expect(isResultCode('constructor')).toBe(false);
    expect(isResultCode('')).toBe(false);
  });

  it('tells whether any string is in a group', () => {
    expect(codeIn(CODE_GROUPS.codeRefusals, 'E10802')).toBe(true);
    expect(codeIn(CODE_GROUPS.codeRefusals, 'NETWORK')).toBe(false);
    expect(codeIn(CODE_GROUPS.codeRefusals, '')).toBe(false);
  });

  it('answers the product\'s decisions with 200 and keeps 4xx for calls that did not work as calls', () => {
    // Decisions on well-formed, authorised calls: browsers must not log them as failed loads.
    for (const code of ['E30002', 'E10802', 'E30127', 'E10715', 'E30051', 'E30053', 'E10602', 'E20108', 'E00013'] as ResultCode[]) {
      expect(envelopeStatus(code), code).toBe(200);
    }
    expect(envelopeStatus(CODE.invalidInput)).toBe(400);
    expect(envelopeStatus(CODE.cipherUndecryptable)).toBe(400);
    expect(envelopeStatus(CODE.cipherReplayed)).toBe(400);
    expect(envelopeStatus(CODE.notSignedIn)).toBe(401);
    expect(envelopeStatus(CODE.forbidden)).toBe(403);
    expect(envelopeStatus(CODE.notFound)).toBe(404);
    expect(envelopeStatus(CODE.sentTooOften)).toBe(429);
    expect(envelopeStatus(CODE.internalError)).toBe(500);
    for (const [code, entry] of entries) if (entry.status >= 401 && entry.status !== 409) expect(envelopeStatus(code), code).toBe(entry.status);
  });
});
