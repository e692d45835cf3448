import type { FastifyInstance } from 'fastify';
import { signOnEndpoints as e } from '../../../contract/endpoints/signOn.js';
import { serve } from '../../platform/http/serve.js';
import { tokenOf } from '../../platform/http/request.js';
import type { Repos } from '../../composition/repositories.js';
import { signOnSecondFactor } from './secondFactor.js';

/** The one portal endpoint the SAML and CAS sign-on needs under /idaas: the second factor. */
export function signOnRoutes(repos: Repos) {
  return async (app: FastifyInstance): Promise<void> => {
    serve(app, e.signOnSecondFactor, async ({ input, request, reply, services, caller }) => {
      const user = await services.sessions.authenticate(tokenOf(request)).catch(() => null);
      return reply.redirect(await signOnSecondFactor({ services, repos }, input.appId, input.back, user, caller), 303);
    });
  };
}
