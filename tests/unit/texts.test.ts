import { describe, expect, it } from 'vitest';
import { isTextKey, text, texts, type TextKey } from '../../server/platform/lib/texts';

const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const entries = Object.entries(texts) as [TextKey, (typeof texts)[TextKey]][];

describe('server texts', () => {
  it.each(entries)('%s has zh and en text naming the same {placeholders}', (_key, entry) => {
    expect(entry.zh.trim()).not.toBe('');
    expect(entry.en.trim()).not.toBe('');
    expect(placeholders(entry.en)).toEqual(placeholders(entry.zh));
  });

  it('fills placeholders in the language asked for, zh by default', () => {
    expect(text('sms.otp', 'zh', { code: '123456', minutes: 5 })).toBe('【统一身份认证】您的验证码为 123456，5分钟内有效，请勿泄露给他人。');
    expect(text('passwordRule.length', 'en', { minLength: 8, maxLength: 64 })).toBe('Passwords are 8 to 64 characters long');
    expect(text('oidc.consentLead', 'zh', { app: 'A $& {app}' })).toBe('A $& {app} 请求访问您的以下信息：');
    expect(text('csrf.clientIdRequired')).toBe('无权操作 — 缺少 X-Client-Id 请求头');
  });

  it('tells whether a string names a text', () => {
    expect(isTextKey('oidc.scope.email')).toBe(true);
    expect(isTextKey('oidc.scope.unknown')).toBe(false);
    expect(isTextKey('constructor')).toBe(false);
  });
});
