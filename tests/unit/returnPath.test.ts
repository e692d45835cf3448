import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/rules';
import { resetPasswordPath } from '../../src/pages/sign-in/loginErrors';
import { isLoginPage, loginAddress, needsFullPageLoad, safeReturnPath, withReturnPath } from '../../src/shared/providers/returnPath';

/** Values as the page reads them: ?redirect= already decoded once by the query string. */
const HOSTILE: [string, unknown][] = [
  ['another origin', 'https://evil.example'],
  ['another origin with a path', 'http://evil.example/log'],
  ['a protocol-relative URL', '//evil.example'],
  ['three slashes', '///evil.example'],
  ['a backslash after the slash', '/\\evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['a backslash later in the path', '/log\\..\\..\\evil'],
  ['a tab the URL parser would drop', '/\t/evil.example'],
  ['a newline the URL parser would drop', '/\n/evil.example'],
  ['a carriage return', '/\r/evil.example'],
  ['a NUL', '/log\u0000'],
  ['DEL', '/log\u007f'],
  ['a C1 control', '/log\u0085'],
  ['a line separator', '/log\u2028'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['a javascript: URL in mixed case', 'JaVaScRiPt:alert(1)'],
  ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
  ['slashes encoded once more', '%2F%2Fevil.example'],
  ['an encoded second slash', '/%2F/evil.example'],
  ['an encoded backslash', '/%5Cevil'],
  ['an encoded backslash, lower case', '/%5cevil'],
  ['encoded dot segments that climb to two slashes', '/%2e%2e//evil.example'],
  ['a dot segment that normalises to two slashes', '/.//evil.example'],
  ['a leading space', ' /log'],
  ['a leading tab', '\t/log'],
  ['a leading newline', '\n/log'],
  ['an encoded leading space', '%20/log'],
  ['a relative path', 'log'],
  ['a dot-relative path', './log'],
  ['a malformed escape', '/log?q=%E0%A4%A'],
  ['nothing', ''],
  ['null', null],
  ['undefined', undefined],
  ['a number', 42],
  ['an array', ['/log']],
  ['a path over the limit', `/${'a'.repeat(LIMITS.returnPathMax)}`],
];

describe('safeReturnPath: same-origin paths only, never an open redirect', () => {
  it.each(HOSTILE)('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each([
    ['/approvalAuthority', '/approvalAuthority'],
    ['/log?tab=operation', '/log?tab=operation'],
    ['/mailbox?activeName=second', '/mailbox?activeName=second'],
    ['/systemhub/#/users', '/systemhub/#/users'],
    ['/oidc-interaction/Xk3_9-a', '/oidc-interaction/Xk3_9-a'],
    // What the URL parser makes of it: spaces and non-ASCII are percent-encoded, the path stays.
    ['/log?q=a b', '/log?q=a%20b'],
    ['/日志', '/%E6%97%A5%E5%BF%97'],
    ['/a/../log', '/log'],
    [`/${'a'.repeat(LIMITS.returnPathMax - 1)}`, `/${'a'.repeat(LIMITS.returnPathMax - 1)}`],
  ])('accepts %s as %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('is no return path to the sign-in page itself (it would only ask again)', () => {
    for (const value of ['/login', '/login?redirect=%2Flog', '/LOGIN', '/login/', '/login#x']) expect(safeReturnPath(value)).toBeNull();
    expect(safeReturnPath('/loginHelp')).toBe('/loginHelp');
    expect(isLoginPage('/login?appId=oa')).toBe(true);
    expect(isLoginPage('/log')).toBe(false);
  });
});

describe('how a return path is followed', () => {
  it('loads pages outside this app (workbench, OpenID Connect, API) in full, routes the rest', () => {
    for (const path of ['/systemhub/#/users', '/systemhub', '/oidc-interaction/abc', '/oidc/auth?client_id=x', '/idaas/auth/v1/sso/go/oa-client']) {
      expect(needsFullPageLoad(path)).toBe(true);
    }
    for (const path of ['/log', '/myApp', '/oidcx', '/systemhubx', '/idaasx', '/info?tab=oidc']) expect(needsFullPageLoad(path)).toBe(false);
  });

  it('adds the way back to an address, or nothing when it is unsafe', () => {
    expect(loginAddress('/log?tab=operation')).toBe('/login?redirect=%2Flog%3Ftab%3Doperation');
    expect(loginAddress('/systemhub/#/users')).toBe('/login?redirect=%2Fsystemhub%2F%23%2Fusers');
    expect(loginAddress('//evil.example')).toBe('/login');
    expect(loginAddress(null)).toBe('/login');
    expect(withReturnPath('/resetPassword?requestId=r1', '/log')).toBe('/resetPassword?requestId=r1&redirect=%2Flog');
    expect(withReturnPath('/resetPassword', 'https://evil.example')).toBe('/resetPassword');
  });

  it('sends a password change on with the return path', () => {
    expect(resetPasswordPath('r 1', '/info')).toBe('/resetPassword?requestId=r%201&redirect=%2Finfo');
    expect(resetPasswordPath(null, '/info')).toBe('/resetPassword?redirect=%2Finfo');
    expect(resetPasswordPath('r1')).toBe('/resetPassword?requestId=r1');
  });
});
