import type { Account, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { User } from '../../organisation/usersRepository.js';
import type { OidcContext } from './context.js';
import type { LinkedUser } from './payloadsRepository.js';
import { accountKey, requestReads } from './requestReads.js';

/**
 * Claims released per scope; `roles` are the user's role codes in the application asking, and
 * `amr` (with openid) says "mfa" when the sign-in proved a second factor, and `acr` names the same (context.ts).
 */
export const CLAIMS = {
  openid: ['sub', 'acr', 'amr'],
  profile: ['name', 'preferred_username'],
  email: ['email'],
  phone: ['phone_number'],
  roles: ['roles'],
};

/** Every claim an account has, before the provider keeps those of the granted scopes (userinfo.ts does the same). */
export function accountClaims(sub: string, user: Pick<User, 'account' | 'userName' | 'email' | 'mobileNo'>, roles: string[]): { sub: string } & Record<string, unknown> {
  return {
    sub,
    preferred_username: user.account,
    name: user.userName,
    ...(user.email ? { email: user.email } : {}),
    ...(user.mobileNo ? { phone_number: user.mobileNo } : {}),
    roles,
  };
}

/** The portal's accounts as the provider sees them: by `sub`, only while usable and permitted. */
export function accounts(d: OidcContext) {
  const usable = <U extends LinkedUser>(user: U | undefined): U | undefined => {
    if (!user) return undefined;
    try {
      d.services.flow.assertUsable(user);
      return user;
    } catch {
      return undefined;
    }
  };

  /** The user behind a subject, if the account may still sign in (enabled, activated, not expired). */
  async function usableUser(sub: string): Promise<User | undefined> {
    const userRef = await d.oidc.userOfSubject(sub);
    return usable(userRef === undefined ? undefined : await d.repos.users.findById(userRef));
  }

  /** The same, and only while the user may use the application: one statement for both. */
  async function permittedUser(sub: string, appRef: number): Promise<User | undefined> {
    const userRef = await d.oidc.userOfSubject(sub);
    const found = userRef === undefined ? undefined : await d.repos.apps.userWithPermission(userRef, appRef);
    return found?.permitted ? usable(found.user) : undefined;
  }

  const findAccount: FindAccount = async (ctx: KoaContextWithOIDC, sub: string, token?: { clientId?: string }): Promise<Account | undefined> => {
    const clientId = token?.clientId ?? ctx.oidc.client?.clientId;
    const app = clientId ? await d.oidc.appByClientId(clientId) : undefined;
    // Exchanging a code or refresh token and reading userinfo check the permission again: a revoke counts at once.
    if (token && !app) return undefined;
    // Read with the code or token this request presented (payloadsRepository.ts, `findWithLinks`), when it was.
    const ahead = token ? requestReads.take(accountKey(sub, app!.id)) : null;
    const user = ahead ? (ahead.stored.permitted ? usable(ahead.stored.user) : undefined) : token ? await permittedUser(sub, app!.id) : await usableUser(sub);
    if (!user) return undefined;
    return {
      accountId: sub,
      async claims(_use, scope, requested) {
        // Read only when asked for (the roles scope, or the claim requested by name): the provider releases nothing else.
        return accountClaims(sub, user, app && (scope.split(' ').includes('roles') || (requested && 'roles' in requested)) ? await d.oidc.roleCodes(user.id, app.id) : []);
      },
    };
  };

  return { findAccount, usableUser };
}
