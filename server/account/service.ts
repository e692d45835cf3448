import { maskMobile, type UserType } from '../../contract/rules.js';
import type { AppTile, CurrentUser, SafetyScore, TodayNum, UserRole } from '../../contract/schemas/personal.js';
import { notSignedIn } from '../platform/lib/errors.js';
import { startOfDay } from '../platform/lib/clock.js';
import type { User, UserProfile } from '../organisation/usersRepository.js';
import type { AuthUser, ServiceContext } from '../composition/context.js';
import { computeSafetyScore } from './safetyScore.js';
import type { SettingsService } from '../policies/settings.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The signed-in user's own account: profile, roles, applications, numbers for the info cards. */
export function accountService(ctx: ServiceContext, settings: SettingsService) {
  async function load(auth: AuthUser): Promise<User> {
    const user = await ctx.repos.users.findById(auth.userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  async function safety(auth: AuthUser): Promise<SafetyScore> {
    const user = await load(auth);
    const [passkeys, totp, policies] = await Promise.all([ctx.repos.factors.passkeys(user.id), ctx.repos.factors.totp(user.id), settings.current()]);
    return computeSafetyScore(user, ctx.clock.now(), policies.pwd.reminderDays, { passkeys: passkeys.length, totp: !!totp && totp.confirmed_at !== null });
  }

  return {
    load,
    safety,

    /** The caller's profile, from the account the session was read with (sessions.authenticateWithProfile). */
    currentUser(auth: AuthUser, user: UserProfile): CurrentUser {
      return {
        id: user.id,
        userId: user.account,
        userName: user.userName,
        userType: user.userType as UserType,
        instanceId: auth.instanceId,
        avatar: user.avatar,
        mobileNo: user.mobileNo,
        encryptMobileNo: maskMobile(user.mobileNo),
        enabled: user.enabled,
        createdDate: new Date(user.createdAt).toISOString(),
        userExpireDate: iso(user.userExpireDate),
        ldapCreated: user.ldapDn !== null,
        description: user.description,
        email: user.email,
        mailLocalAddress: user.mailLocalAddress,
        klpaResultDesc: user.klpaResultDesc,
        workInfo: {
          companyName: user.companyName,
          deptName: user.deptName,
          positionName: user.positionName,
          managerUserName: user.managerName,
          managerUserId: user.managerAccount,
          seniorLeader: user.seniorLeader,
        },
        managerUserId: user.mailboxManagerAccount,
        managerUserName: user.mailboxManagerName,
      };
    },

    roles: (auth: AuthUser): Promise<UserRole[]> => ctx.repos.portalRoles.listByUser(auth.userRef),

    async apps(auth: AuthUser): Promise<AppTile[]> {
      const apps = await ctx.repos.apps.listByUser(auth.userRef);
      return apps.map((a) => ({ id: a.id, appId: a.appId, appName: a.appName, icon: a.icon, clientId: a.clientId, idpSsoUrl: a.idpSsoUrl }));
    },

    async today(auth: AuthUser): Promise<TodayNum> {
      const [score, loginCount, appCount] = await Promise.all([
        safety(auth),
        ctx.repos.loginHistory.countSince(auth.userRef, 'SSO', startOfDay(ctx.clock.now())),
        ctx.repos.apps.countByUser(auth.userRef),
      ]);
      return { score: score.score, loginCount, appCount };
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
