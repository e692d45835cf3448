import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE } from '../../../contract/codes.js';
import type { EndpointSpec, OutputOf } from '../../../contract/endpoint.js';
import { AppError } from '../lib/errors.js';
import type { PreparedJson } from '../lib/preparedJson.js';
import type { AuthUser, Caller } from '../../composition/context.js';
import type { Services } from '../../composition/services.js';
import { okJson } from './envelope.js';
import { callerOf } from './request.js';
import { signedInFor } from './serve.js';

/** How long a client told "busy" (E40130) is asked to wait: about one large file's check. */
export const UPLOAD_RETRY_SECONDS = 3;

export interface UploadContext {
  /** The request's body, unread: its bytes, for a worker thread to parse by the endpoint's input schema. */
  body: Uint8Array;
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  caller: Caller;
  user: AuthUser;
}

interface Admitted {
  user: AuthUser;
  leave: () => void;
  handled: boolean;
}

/**
 * Large JSON uploads (the users import) as routes of one scope. Unlike `serve`, the body is not
 * parsed on the event loop every request shares: 10 MB of JSON costs it ~150 ms to decode and parse.
 * The session and role are checked, and one of the instance's places for an upload taken
 * (`enter`), before a byte of the body is read: a caller without them, or one arriving when every
 * place is taken (E40130 with Retry-After), costs the instance nothing. The handler gets the bytes
 * and answers `data` already serialised (PreparedJson), checked against the contract where it was
 * built; the place is left when the handler is done, or when the request ends without reaching it.
 */
export function uploadRoutes(scope: FastifyInstance, opts: { bodyLimit: number; enter: (services: Services) => (() => void) | null }) {
  // This scope only: JSON bodies arrive as bytes.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const admitted = new WeakMap<FastifyRequest, Admitted>();
  const leaveUnhandled = async (request: FastifyRequest) => {
    const entry = admitted.get(request);
    if (entry && !entry.handled) entry.leave();
  };

  return function serveUpload<const S extends EndpointSpec>(spec: S, handler: (ctx: UploadContext) => Promise<PreparedJson<OutputOf<S>>>): void {
    scope.route({
      method: spec.method,
      url: spec.path,
      config: { endpoint: spec },
      bodyLimit: opts.bodyLimit,
      preParsing: async (request, reply, payload) => {
        const user = await signedInFor(scope.services, request, spec);
        const leave = opts.enter(scope.services);
        if (!leave) {
          reply.header('retry-after', String(UPLOAD_RETRY_SECONDS));
          throw new AppError(CODE.importBusy);
        }
        admitted.set(request, { user, leave, handled: false });
        return payload;
      },
      onResponse: leaveUnhandled,
      onRequestAbort: leaveUnhandled,
      handler: async (request, reply) => {
        const entry = admitted.get(request)!;
        entry.handled = true;
        try {
          const body = request.body instanceof Uint8Array ? request.body : new Uint8Array();
          const data = await handler({ body, request, reply, services: scope.services, caller: callerOf(request, null), user: entry.user });
          return reply.type('application/json; charset=utf-8').send(okJson(request, data.json));
        } finally {
          entry.leave();
        }
      },
    });
  };
}
