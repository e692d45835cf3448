import type { FastifyInstance } from 'fastify';
import { signInAlertEndpoints as e } from '../../contract/endpoints/signInAlerts.js';
import { serve } from '../platform/http/serve.js';

/** Sign-in alerts: "this was not me" by the texted link, and the personal centre's list. */
export default async function alertRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.notMePeek, ({ input, services, caller }) => services.alerts.peek(input, caller));
  serve(app, e.notMe, ({ input, services, caller }) => services.alerts.disown(input, caller));
  serve(app, e.list, ({ input, services, user }) => services.alerts.list(user, input));
  serve(app, e.read, ({ input, services, user }) => services.alerts.read(user, input));
  serve(app, e.disown, ({ input, services, user, caller }) => services.alerts.disownOwn(user, input, caller));
}
