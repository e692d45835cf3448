import type { z } from 'zod';
import { CODE, type ResultCode } from './codes.js';

/**
 * Who may call an endpoint. `approver` and `manager` are signed-in users who approve at least
 * one application or manage at least one group or mailbox; which record they may touch is still
 * decided per record by the server.
 */
export type Access = 'public' | 'user' | 'approver' | 'manager' | 'admin';

/** The administrator duties (MLPS 2.0 separation of duties) that may call an `admin` endpoint. */
export type Duty = 'system' | 'security' | 'audit';

export interface EndpointSpec<I extends z.ZodType | undefined = z.ZodType | undefined, O extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  /** Under the API prefix, exactly as the specs name it (`:name` for a path parameter). */
  path: string;
  access: Access;
  /** Which administrators may call an `admin` endpoint (absent: any administrator). */
  duties?: readonly Duty[];
  /** One line for the reference documentation. */
  summary: string;
  /** The POST body, or the GET query (and path parameters). */
  input?: I;
  /** What `data` holds in a D00000 answer (null when nothing). */
  output: O;
  /** The refusals this endpoint can answer beyond those of its access level (ACCESS_CODES). */
  codes?: readonly ResultCode[];
  /** A browser navigation: answered with a redirect, never the envelope. */
  redirect?: true;
  /**
   * Posted by another site's page on purpose (a SAML Response by HTTP-POST), so it cannot carry
   * X-Client-Id; what it posts must prove itself (a signature, a single-use state) instead.
   */
  crossSiteForm?: true;
  /** A download streamed as this type on success (refusals still answer the envelope); `output` is then z.null(). */
  produces?: 'text/csv';
}

/** Declares one endpoint; the server routes it, the client calls it, OpenAPI and tests are made from it. */
export const endpoint = <const S extends EndpointSpec>(spec: S): S => spec;

/**
 * The validated input a handler receives. Services name their parameters with it too
 * (`InputOf<typeof signInEndpoints.secondAuth>`), so a body's shape is declared once, here in the contract.
 */
export type InputOf<S extends EndpointSpec> = S['input'] extends z.ZodType ? z.output<S['input']> : undefined;
/** What a handler returns for `data` (the output schema then strips whatever it does not declare). */
export type OutputOf<S extends EndpointSpec> = z.input<S['output']>;
/** What a client receives in `data`. */
export type ResultOf<S extends EndpointSpec> = z.output<S['output']>;

const ANYONE: ResultCode[] = [CODE.ok, CODE.invalidInput, CODE.forbidden, CODE.internalError, CODE.storeUnavailable];
const SIGNED_IN: ResultCode[] = [...ANYONE, CODE.notSignedIn];

/** The answers every endpoint of an access level can give, whatever it does. */
export const ACCESS_CODES: Record<Access, readonly ResultCode[]> = {
  public: ANYONE,
  user: SIGNED_IN,
  approver: SIGNED_IN,
  manager: SIGNED_IN,
  admin: SIGNED_IN,
};

/** Every code an endpoint can answer: one that takes a body can also be sent one over the size limit. */
export function codesOf(spec: EndpointSpec): ResultCode[] {
  const body: ResultCode[] = spec.method === 'POST' ? [CODE.bodyTooLarge] : [];
  return [...new Set([...ACCESS_CODES[spec.access], ...body, ...(spec.codes ?? [])])];
}
