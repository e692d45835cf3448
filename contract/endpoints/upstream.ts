import { z } from 'zod';
import { CODE } from '../codes.js';
import { endpoint, type EndpointSpec } from '../endpoint.js';
import { loginResponse } from '../schemas/auth.js';
import { nothing } from '../schemas/common.js';
import {
  upstreamBindBody, upstreamButton, upstreamCallbackQuery, upstreamFinishBody, upstreamFinishResult, upstreamListQuery, upstreamStartQuery,
} from '../schemas/upstream.js';
import { CIPHER_CODES, SIGN_IN_FLOW_CODES } from './auth.js';

/** Under /idaas; here rather than in paths.ts, whose every entry the sign-in page downloads. */
export const UPSTREAM_PATHS = {
  providers: '/auth/v1/upstream/providers',
  start: '/auth/v1/upstream/start',
  callback: '/auth/v1/upstream/callback',
  finish: '/auth/v1/upstream/finish',
  bind: '/auth/v1/upstream/bind',
} as const;

/**
 * Sign-in through another identity provider (brokering): the sign-in page's buttons, the browser's
 * trip to the provider and back, and the first sign-in's link or bind. Apart from the other sign-in
 * endpoints so the page loads them only when it shows a button.
 */
export const upstreamEndpoints = {
  providers: endpoint({
    method: 'GET', path: UPSTREAM_PATHS.providers, access: 'public', summary: 'The identity providers the sign-in page offers (for one application, or any)',
    input: upstreamListQuery, output: z.array(upstreamButton),
  }),
  start: endpoint({
    method: 'GET', path: UPSTREAM_PATHS.start, access: 'public',
    summary: 'Browser navigation: to the provider with a single-use state, nonce and PKCE challenge (back to /login with upstreamError when refused)',
    input: upstreamStartQuery, output: nothing, redirect: true,
  }),
  callback: endpoint({
    method: 'GET', path: UPSTREAM_PATHS.callback, access: 'public',
    summary: "The provider's answer: checked (state once, code exchange, issuer, audience, signature, expiry, nonce), then back to /login with a ticket",
    input: upstreamCallbackQuery, output: nothing, redirect: true,
  }),
  finish: endpoint({
    method: 'POST', path: UPSTREAM_PATHS.finish, access: 'public',
    summary: 'Sign in with a proven upstream identity: a linked account, one linked now by a verified attribute, one created (JIT), or a bind to ask for',
    input: upstreamFinishBody, output: upstreamFinishResult,
    codes: [CODE.ticketExpired, CODE.upstreamNoAccount, CODE.upstreamUnverified, CODE.upstreamFailed, ...SIGN_IN_FLOW_CODES],
  }),
  bind: endpoint({
    method: 'POST', path: UPSTREAM_PATHS.bind, access: 'public',
    summary: 'First sign-in through a provider: the portal account and password prove whose it is, and the two are linked',
    input: upstreamBindBody, output: loginResponse,
    codes: [CODE.ticketExpired, CODE.accountOrPasswordWrong, CODE.accountLocked, CODE.captchaRequired, CODE.codeWrong, CODE.upstreamLinked, ...CIPHER_CODES, ...SIGN_IN_FLOW_CODES],
  }),
} satisfies Record<string, EndpointSpec>;

