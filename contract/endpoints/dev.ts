import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { CODE } from '../codes.js';
import { paths } from '../paths.js';
import { LIMITS } from '../rules.js';
import { outboxMessage, text } from '../schemas/common.js';


/** Demo and test mode only: the server never registers these in production. */
export const devEndpoints = {
  captcha: endpoint({
    method: 'GET', path: paths.dev.captcha, access: 'public', summary: 'Demo/test only: the answer of a live captcha',
    input: z.object({ capKey: text(LIMITS.captchaKeyMax).min(1) }), output: z.object({ capKey: z.string(), answer: z.string() }), codes: [CODE.notFound],
  }),
  sms: endpoint({
    method: 'GET', path: paths.dev.sms, access: 'public',
    summary: 'Demo/test only: the latest text queued for a number (of one purpose when asked; sign-in alerts, which carry no code, only when asked for by purpose)',
    input: z.object({ mobileNo: text(LIMITS.mobileMax).min(1), purpose: text(40).min(1).optional() }), output: outboxMessage, codes: [CODE.notFound],
  }),
  outbox: endpoint({
    method: 'GET', path: paths.dev.outbox, access: 'public', summary: 'Demo/test only: the 20 latest texts, for the demo drawer',
    output: z.array(outboxMessage),
  }),
};
