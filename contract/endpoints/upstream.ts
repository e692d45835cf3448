import { z } from 'zod';
import { CODE } from '../codes.js';
import { endpoint, type EndpointSpec } from '../endpoint.js';
import { paths } from '../paths.js';
import { loginResponse } from '../schemas/auth.js';
import { nothing } from '../schemas/common.js';
import {
  upstreamBindBody, upstreamButton, upstreamCallbackQuery, upstreamFinishBody, upstreamFinishResult, upstreamListQuery, upstreamStartQuery,
} from '../schemas/upstream.js';
import { CIPHER_CODES, SIGN_IN_FLOW_CODES } from './auth.js';

/**
 * Sign-in through another identity provider (brokering): the sign-in page's buttons, the browser's
 * trip to the provider and back, and the first sign-in's link or bind. Apart from the other sign-in
 * endpoints so the page loads them only when it shows a button.
 */
export const upstreamEndpoints = {
  providers: endpoint({
    method: 'GET', path: paths.auth.upstreamProviders, access: 'public', summary: 'The identity providers the sign-in page offers (for one application, or any)',
    input: upstreamListQuery, output: z.array(upstreamButton),
  }),
  start: endpoint({
    method: 'GET', path: paths.auth.upstreamStart, access: 'public',
    summary: 'Browser navigation: to the provider with a single-use state, nonce and PKCE challenge (back to /login with upstreamError when refused)',
    input: upstreamStartQuery, output: nothing, redirect: true,
  }),
  callback: endpoint({
    method: 'GET', path: paths.auth.upstreamCallback, access: 'public',
    summary: "The provider's answer: checked (state once, code exchange, issuer, audience, signature, expiry, nonce), then back to /login with a ticket",
    input: upstreamCallbackQuery, output: nothing, redirect: true,
  }),
  finish: endpoint({
    method: 'POST', path: paths.auth.upstreamFinish, access: 'public',
    summary: 'Sign in with a proven upstream identity: a linked account, one linked now by a verified attribute, one created (JIT), or a bind to ask for',
    input: upstreamFinishBody, output: upstreamFinishResult,
    codes: [CODE.ticketExpired, CODE.upstreamNoAccount, CODE.upstreamUnverified, CODE.upstreamFailed, ...SIGN_IN_FLOW_CODES],
  }),
  bind: endpoint({
    method: 'POST', path: paths.auth.upstreamBind, access: 'public',
    summary: 'First sign-in through a provider: the portal account and password prove whose it is, and the two are linked',
    input: upstreamBindBody, output: loginResponse,
    codes: [CODE.ticketExpired, CODE.accountOrPasswordWrong, CODE.accountLocked, CODE.captchaRequired, CODE.codeWrong, CODE.upstreamAlreadyLinked, ...CIPHER_CODES, ...SIGN_IN_FLOW_CODES],
  }),
} satisfies Record<string, EndpointSpec>;

