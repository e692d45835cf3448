import type { FastifyInstance } from 'fastify';
import { accountEndpoints as e } from '../../contract/endpoints/account.js';
import { serve, serveWithProfile } from '../platform/http/serve.js';
import { langOf } from '../platform/http/envelope.js';

/** The sign-in page's settings and the signed-in user's own data: identity, roles, applications, home numbers. */
export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.loginPageConfig, ({ services, request }) => services.loginConfig.page(langOf(request)));

  serveWithProfile(app, e.currentUserDetail, ({ services, user, profile }) => services.account.currentUser(user, profile));
  serveWithProfile(app, e.personalCurrentUserDetail, ({ services, user, profile }) => services.account.currentUser(user, profile));
  serve(app, e.userRoles, ({ services, user }) => services.account.roles(user));
  serve(app, e.userApps, ({ services, user }) => services.account.apps(user));
  serve(app, e.todayNum, ({ services, user }) => services.account.today(user));
  serve(app, e.todayNumPost, ({ services, user }) => services.account.today(user));
  serve(app, e.accessDetail, ({ services, user }) => services.access.capabilities(user));
  serve(app, e.safetyScore, ({ services, user }) => services.account.safety(user));
}
