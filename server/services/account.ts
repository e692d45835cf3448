import { maskMobile, type UserType } from '../../contract/rules.js';
import type { AppTile, CurrentUser, SafetyScore, TodayNum, UserRole } from '../../contract/schemas/personal.js';
import { notSignedIn } from '../domain/errors.js';
import { startOfDay } from '../lib/clock.js';
import type { UserRow } from '../repositories/users.js';
import type { AuthUser, ServiceContext } from './context.js';
import { computeSafetyScore } from './safetyScore.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The signed-in user's own account: profile, roles, applications, numbers for the info cards. */
export function accountService(ctx: ServiceContext) {
  async function load(auth: AuthUser): Promise<UserRow> {
    const user = await ctx.repos.users.findById(auth.userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  async function safety(auth: AuthUser): Promise<SafetyScore> {
    return computeSafetyScore(await load(auth), ctx.clock.now(), ctx.config.passwordRemindDays);
  }

  return {
    load,
    safety,

    async currentUser(auth: AuthUser): Promise<CurrentUser> {
      const user = await ctx.repos.users.findWithManagers(auth.userRef);
      if (!user) throw notSignedIn();
      return {
        id: user.id,
        userId: user.user_id,
        userName: user.user_name,
        userType: user.user_type as UserType,
        instanceId: auth.instanceId,
        avatar: user.avatar,
        mobileNo: user.mobile_no,
        encryptMobileNo: maskMobile(user.mobile_no),
        enabled: user.enabled === 1,
        createdDate: new Date(user.created_at).toISOString(),
        userExpireDate: iso(user.user_expire_date),
        ldapCreated: user.ldap_dn !== null,
        description: user.description,
        email: user.email,
        mailLocalAddress: user.mail_local_address,
        klpaResultDesc: user.klpa_result_desc,
        workInfo: {
          companyName: user.company_name,
          deptName: user.dept_name,
          positionName: user.position_name,
          managerUserName: user.manager_name,
          managerUserId: user.manager_account,
          seniorLeader: user.senior_leader === 1,
        },
        managerUserId: user.mailbox_manager_account,
        managerUserName: user.mailbox_manager_name,
      };
    },

    roles: (auth: AuthUser): Promise<UserRole[]> => ctx.repos.portalRoles.listByUser(auth.userRef),

    async apps(auth: AuthUser): Promise<AppTile[]> {
      const rows = await ctx.repos.apps.listByUser(auth.userRef);
      return rows.map((r) => ({ id: r.id, appId: r.app_id, appName: r.app_name, icon: r.icon, clientId: r.client_id, idpSsoUrl: r.idp_sso_url }));
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
