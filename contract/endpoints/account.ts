import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { ADMIN_DUTIES } from '../duties.js';
import { paths } from '../paths.js';
import { loginPageConfig, loginPageConfigBody } from '../schemas/auth.js';
import { emptyBody } from '../schemas/common.js';
import { appTile, currentUser, safetyScore, todayNum, userRole } from '../schemas/personal.js';

/** What the caller may do beyond their own share; the browser hides the rest (the door still checks). */
export const accessDetail = z.object({
  admin: z.boolean(), approver: z.boolean(), manager: z.boolean(),
  /** The administrator duty held (at most one), which decides the workbench's menu. */
  duty: z.enum(ADMIN_DUTIES).nullable(),
  /** Owns at least one application (administers only those). */
  appOwner: z.boolean(),
});
export type AccessDetail = z.infer<typeof accessDetail>;

/** The sign-in page's settings and the signed-in user's own account: identity, roles, applications, home numbers. */
export const accountEndpoints = {
  loginPageConfig: endpoint({
    method: 'POST', path: paths.system.loginPageConfig, access: 'public', summary: "The sign-in page's picture, logo, company name and version, in the asked language",
    input: loginPageConfigBody, output: z.array(loginPageConfig),
  }),
  currentUserDetail: endpoint({
    method: 'POST', path: paths.user.currentUserDetail, access: 'user', summary: "The caller's profile, work information and mailbox manager",
    input: emptyBody, output: currentUser,
  }),
  personalCurrentUserDetail: endpoint({
    method: 'POST', path: paths.personal.currentUserDetail, access: 'user', summary: "The caller's profile (the personal centre's path of user/v1/current-user-detail)",
    input: emptyBody, output: currentUser,
  }),
  userRoles: endpoint({
    method: 'POST', path: paths.auty.userRoles, access: 'user', summary: "The caller's portal roles (every user holds EMPLOYEE)",
    input: emptyBody, output: z.array(userRole),
  }),
  userApps: endpoint({
    method: 'POST', path: paths.personal.userApps, access: 'user', summary: 'Enabled applications the caller may sign in to, as launch tiles',
    input: emptyBody, output: z.array(appTile),
  }),
  todayNum: endpoint({
    method: 'GET', path: paths.personal.todayNum, access: 'user', summary: "The info cards' numbers: security score, launches today, applications held",
    output: todayNum,
  }),
  todayNumPost: endpoint({
    method: 'POST', path: paths.personal.todayNum, access: 'user', summary: "The info cards' numbers (the POST form of GET today/num)",
    input: emptyBody, output: todayNum,
  }),
  accessDetail: endpoint({
    method: 'POST', path: paths.personal.access, access: 'user', summary: 'What the caller may do beyond their own share: administer, approve, manage (the browser hides the rest)',
    input: emptyBody, output: accessDetail,
  }),
  safetyScore: endpoint({
    method: 'POST', path: paths.personal.safetyScore, access: 'user', summary: "The caller's security score out of 100, item by item",
    input: emptyBody, output: safetyScore,
  }),
};
