import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { LIMITS } from '../rules.js';
import { nothing, text } from '../schemas/common.js';

/** GET sign-on/second-factor: a SAML or CAS sign-on owing a second factor, and the path it resumes at. */
export const signOnSecondFactorQuery = z.object({ appId: text(LIMITS.appIdMax).min(1), back: text(LIMITS.returnPathMax).min(1) });

/**
 * The portal endpoint the SAML and CAS adapters send a browser through; apart from the sign-in
 * page's endpoints, so the page that never calls it does not download it.
 */
export const signOnEndpoints = {
  signOnSecondFactor: endpoint({
    method: 'GET', path: paths.auth.signOnSecondFactor, access: 'public',
    summary: 'SAML or CAS sign-on owing a second factor: back to the protocol with a one-time proof if this browser passed it recently, else to the second-factor page',
    input: signOnSecondFactorQuery, output: nothing, redirect: true,
  }),
};
