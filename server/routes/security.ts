import type { FastifyInstance } from 'fastify';
import { paths } from '../../contract/paths.js';
import {
  appLogBody, bindMobileSaveBody, bindMobileSendBody, changeMobileNewBody, changeMobileTicketBody, changeMobileVerifyBody,
  deviceSignOutBody, operationLogBody, selectByTypeBody, socialListBody, socialUnbindBody,
} from '../../contract/schemas/account.js';
import { emptyBody } from '../../contract/schemas/common.js';
import { userRoute } from '../http/route.js';
import { langOf } from '../http/envelope.js';

/** Account security, devices, personal logs and their dictionaries, home content. */
export default async function securityRoutes(app: FastifyInstance): Promise<void> {
  userRoute(app, 'POST', paths.personal.stopMobile, emptyBody, ({ services, user, caller }) => services.security.setPhoneEnabled(user, false, caller));
  userRoute(app, 'POST', paths.personal.useMobile, emptyBody, ({ services, user, caller }) => services.security.setPhoneEnabled(user, true, caller));
  userRoute(app, 'POST', paths.personal.socialList, socialListBody, ({ body, services, user }) => services.security.social(user, body.userId, body.pageNum, body.pageSize));
  userRoute(app, 'POST', paths.personal.socialUnbind, socialUnbindBody, ({ body, services, user, caller }) => services.security.unbindSocial(user, body.userId, body.source, caller));
  userRoute(app, 'POST', paths.personal.bindMobileSend, bindMobileSendBody, ({ body, services, user, caller }) => services.security.bindSend(user, body, caller));
  userRoute(app, 'POST', paths.personal.bindMobileSave, bindMobileSaveBody, ({ body, services, user, caller }) => services.security.bindSave(user, body, caller));
  userRoute(app, 'POST', paths.personal.changeMobileGetPhone, emptyBody, ({ services, user }) => services.security.changeStart(user));
  userRoute(app, 'POST', paths.personal.changeMobileSendOld, changeMobileTicketBody, ({ body, services, user, caller }) => services.security.changeSendOld(user, body.requestId, caller));
  userRoute(app, 'POST', paths.personal.changeMobileVerifyOld, changeMobileVerifyBody, ({ body, services, user }) => services.security.changeVerifyOld(user, body));
  userRoute(app, 'POST', paths.personal.changeMobileSendNew, changeMobileNewBody, ({ body, services, user, caller }) => services.security.changeSendNew(user, body, caller));
  userRoute(app, 'POST', paths.personal.changeMobileSetNew, changeMobileVerifyBody, ({ body, services, user, caller }) => services.security.changeSetNew(user, body, caller));

  userRoute(app, 'POST', paths.personal.devices, emptyBody, ({ services, user }) => services.devices.list(user));
  userRoute(app, 'POST', paths.personal.deviceSignOut, deviceSignOutBody, ({ body, services, user, caller }) => services.devices.signOut(user, body.deviceId, caller));

  userRoute(app, 'POST', paths.personal.appLog, appLogBody, ({ body, services, user, request }) => services.logs.appLog(user, body, langOf(request)));
  userRoute(app, 'POST', paths.personal.operationLog, operationLogBody, ({ body, services, user }) => services.logs.operationLog(user, body));
  for (const url of [paths.log.commonSelect, paths.system.commonSelect]) {
    userRoute(app, 'POST', url, selectByTypeBody, async ({ body, services, request }) => services.logs.dictionary(body.type, langOf(request)));
  }
  userRoute(app, 'POST', paths.personal.homeContent, emptyBody, ({ services }) => services.logs.home());
}
