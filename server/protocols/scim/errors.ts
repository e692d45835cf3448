import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStoreUnavailable } from '../../platform/db/unavailable.js';
import { ZodError } from 'zod';
import { CODE, codeMessage, type ResultCode } from '../../../contract/codes.js';
import { AppError } from '../../platform/lib/errors.js';
import { SCHEMA } from './schema.js';

/** RFC 7644 §3.12: the scimType values this server answers with. */
export type ScimType = 'invalidFilter' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** The scimType of the refusals that have one in RFC 7644; other 400s are invalidValue, other 409s uniqueness. */
const SCIM_TYPES: Partial<Record<ResultCode, ScimType>> = {
  [CODE.scimInvalidFilter]: 'invalidFilter',
  [CODE.scimInvalidPath]: 'invalidPath',
  [CODE.scimNoTarget]: 'noTarget',
  [CODE.scimMutability]: 'mutability',
  [CODE.scimInvalidSyntax]: 'invalidSyntax',
};

/** Refusals that are not about a taken value, though they answer 409. */
const NOT_UNIQUENESS = new Set<ResultCode>([CODE.scimUserHoldsRecords, CODE.scimTokenRevoked]);

/**
 * Where our codes and SCIM's statuses part: a member, manager or department the body names that
 * does not exist — or, for a token confined to a department subtree, lies outside it — is a bad
 * value in the request (400), not a missing resource. (A resource outside the subtree addressed
 * by its id is answered 404, as one that does not exist.)
 */
const STATUS: Partial<Record<ResultCode, number>> = { [CODE.unknownUsers]: 400, [CODE.deptUnknown]: 400, [CODE.outsideScope]: 400 };

function scimTypeOf(code: ResultCode, status: number): ScimType | undefined {
  if (SCIM_TYPES[code]) return SCIM_TYPES[code];
  if (status === 400) return 'invalidValue';
  if (status === 409 && !NOT_UNIQUENESS.has(code)) return 'uniqueness';
  return undefined;
}

export function sendScimError(reply: FastifyReply, status: number, detail: string, scimType?: ScimType): FastifyReply {
  return reply.status(status).type(SCIM_CONTENT_TYPE).send({
    schemas: [SCHEMA.error],
    status: String(status),
    ...(scimType ? { scimType } : {}),
    detail,
  });
}

/**
 * The detail of a refusal: the portal's result code and its message, so a SCIM client sees the
 * same code and reason the workbench shows for the same rule (E10906 for a malformed phone…).
 * Always in English, whatever Accept-Language says: SCIM's clients are programs, and the detail
 * ends up in their operators' logs, not before a portal user.
 */
export function detailOf(_request: FastifyRequest, code: ResultCode, params: Record<string, string | number> = {}): string {
  return `${code}: ${codeMessage(code, 'en', params)}`;
}

function describeZod(error: ZodError): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : 'body';
  return `${path}: ${issue?.message ?? 'invalid'}`;
}

/** Every failure under /scim/v2 leaves in SCIM's error schema (RFC 7644 §3.12), never the portal's envelope. */
export function registerScimErrors(scope: FastifyInstance): void {
  scope.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      const status = STATUS[error.code] ?? error.status;
      return sendScimError(reply, status, detailOf(request, error.code, error.params), scimTypeOf(error.code, status));
    }
    if (error instanceof ZodError) {
      return sendScimError(reply, 400, `${detailOf(request, CODE.invalidInput)} — ${describeZod(error)}`, 'invalidValue');
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, an unknown content type, an oversized body: the client's, said plainly.
      const code = status === 413 ? CODE.bodyTooLarge : CODE.invalidInput;
      return sendScimError(reply, status, `${detailOf(request, code)} — body: ${error.message}`, status === 400 ? 'invalidSyntax' : undefined);
    }
    if (isStoreUnavailable(error)) {
      // Provisioning clients retry a 503 with Retry-After (RFC 7644 §3.12); nothing was written.
      request.log.warn({ err: (error as Error).message }, 'database unavailable');
      reply.header('retry-after', '1');
      return sendScimError(reply, 503, detailOf(request, CODE.storeUnavailable));
    }
    request.log.error({ err: error }, 'unhandled SCIM error');
    return sendScimError(reply, 500, detailOf(request, CODE.internalError));
  });
  scope.setNotFoundHandler((request, reply) => sendScimError(reply, 404, detailOf(request, CODE.notFound)));
}
