import type { FastifyInstance } from 'fastify';
import { securityEndpoints as e } from '../../contract/endpoints/security.js';
import { serve } from '../platform/http/serve.js';
import { langOf } from '../platform/http/envelope.js';

/** Account security, devices, personal logs and their dictionaries, home content. */
export default async function securityRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.stopMobile, ({ services, user, caller }) => services.security.setPhoneEnabled(user, false, caller));
  serve(app, e.useMobile, ({ services, user, caller }) => services.security.setPhoneEnabled(user, true, caller));
  serve(app, e.socialList, ({ input, services, user }) => services.security.social(user, input.userId, input.pageNum, input.pageSize));
  serve(app, e.socialUnbind, ({ input, services, user, caller }) => services.security.unbindSocial(user, input.userId, input.source, caller));
  serve(app, e.bindMobileSend, ({ input, services, user, caller }) => services.security.bindSend(user, input, caller));
  serve(app, e.bindMobileSave, ({ input, services, user, caller }) => services.security.bindSave(user, input, caller));
  serve(app, e.changeMobileGetPhone, ({ services, user }) => services.security.changeStart(user));
  serve(app, e.changeMobileSendOld, ({ input, services, user, caller }) => services.security.changeSendOld(user, input.requestId, caller));
  serve(app, e.changeMobileVerifyOld, ({ input, services, user }) => services.security.changeVerifyOld(user, input));
  serve(app, e.changeMobileSendNew, ({ input, services, user, caller }) => services.security.changeSendNew(user, input, caller));
  serve(app, e.changeMobileSetNew, ({ input, services, user, caller }) => services.security.changeSetNew(user, input, caller));

  serve(app, e.devices, ({ services, user }) => services.devices.list(user));
  serve(app, e.deviceSignOut, ({ input, services, user, caller }) => services.devices.signOut(user, input.deviceId, caller));

  serve(app, e.appLog, ({ input, services, user, request }) => services.logs.appLog(user, input, langOf(request)));
  serve(app, e.operationLog, ({ input, services, user }) => services.logs.operationLog(user, input));
  serve(app, e.commonSelect, async ({ input, services, request }) => services.logs.dictionary(input.type, langOf(request)));
  serve(app, e.systemCommonSelect, async ({ input, services, request }) => services.logs.dictionary(input.type, langOf(request)));
  serve(app, e.homeContent, ({ services, user }) => services.notices.home(user));
  serve(app, e.noticeOpen, ({ input, services, user }) => services.notices.open(user, input.id));
}
