import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import { emptyBody, loginPageConfigBody } from '../../contract/index.js';
import { publicRoute, userRoute } from '../http/route.js';
import { langOf } from '../http/envelope.js';

/** The signed-in user's own data: identity, roles, applications, home numbers. */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(app, 'POST', paths.system.loginPageConfig, loginPageConfigBody, ({ services, request }) => services.loginConfig.page(langOf(request)));

  for (const url of [paths.user.currentUserDetail, paths.personal.currentUserDetail]) {
    userRoute(app, 'POST', url, emptyBody, ({ services, user }) => services.account.currentUser(user));
  }
  userRoute(app, 'POST', paths.auty.userRoles, emptyBody, ({ services, user }) => services.account.roles(user));
  userRoute(app, 'POST', paths.personal.userApps, emptyBody, ({ services, user }) => services.account.apps(user));
  userRoute(app, 'GET', paths.personal.todayNum, null, ({ services, user }) => services.account.today(user));
  userRoute(app, 'POST', paths.personal.todayNum, emptyBody, ({ services, user }) => services.account.today(user));
  userRoute(app, 'POST', paths.personal.safetyScore, emptyBody, ({ services, user }) => services.account.safety(user));
}
