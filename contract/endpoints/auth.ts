import { z } from 'zod';
import { CODE, CODE_GROUPS, type ResultCode } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import {
  appBrand, appBrandBody, appLoginConfigBody, applyTokenBody, applyTokenResult, captchaBody, captchaResult, ipCheckBody, loginCheckBody, loginResponse,
  loginTypeConfig, logoutBody, logoutResult, oidcSecondFactorParams, sm2Key, ssoGoParams, sessionState, ssoIdentity, ssoRedeemBody,
} from '../schemas/auth.js';
import { nothing } from '../schemas/common.js';

/**
 * Refusals of the rules every sign-in method shares (signInFlow): an unknown or disabled appId,
 * then, once the credentials are proven, the account's state, the application's access, and a
 * forced or expired password (with a ticket in data.srmi), and the risk policy's refusals.
 */
export const SIGN_IN_FLOW_CODES = [
  CODE.unknownApp, CODE.accountDisabled, CODE.accountNotActivated, CODE.registrationPending, CODE.accountExpired, CODE.loginTypeNotAllowed, CODE.noAppPermission, ...CODE_GROUPS.passwordChangeRequired,
  // The risk policy (server/risk): refused, or stepped up for a person who holds no factor and may not enrol one.
  CODE.ipRefused, CODE.stepUpUnavailable,
] as const satisfies readonly ResultCode[];
/** An SM2 ciphertext that does not decrypt (E00002) or was used before (E00003). */
export const CIPHER_CODES = [CODE.cipherUndecryptable, CODE.cipherReplayed] as const satisfies readonly ResultCode[];

/** Password sign-in, the sign-in page's settings, picture captcha, sign-out and single sign-on. */
export const authEndpoints = {
  sm2Key: endpoint({
    method: 'GET', path: paths.auth.sm2Key, access: 'public', summary: "The server's SM2 public key the browser encrypts credentials with",
    output: sm2Key,
  }),
  pacasSm2Key: endpoint({
    method: 'GET', path: paths.auth.pacasSm2Key, access: 'public', summary: "The server's SM2 public key (the directory sign-in's name for it)",
    output: sm2Key,
  }),
  appLoginConfig: endpoint({
    method: 'POST', path: paths.auth.appLoginConfig, access: 'public', summary: 'Sign-in methods the page offers, narrowed to those the application allows',
    input: appLoginConfigBody, output: z.array(loginTypeConfig),
  }),
  appBrand: endpoint({
    method: 'POST', path: paths.auth.appBrand, access: 'public',
    summary: 'The name and icon of the application a sign-in page was reached from; null alike for an unknown, disabled or missing one',
    input: appBrandBody, output: appBrand,
  }),
  sessionState: endpoint({
    method: 'GET', path: paths.auth.sessionState, access: 'public',
    summary: "Whether the caller holds a live session, answered without a refusal either way (a public page's quiet check)",
    output: sessionState,
  }),
  ipCheck: endpoint({
    method: 'POST', path: paths.auth.ipCheck, access: 'public', summary: "Whether the caller's address must answer a captcha up front (E30127) or is over its hourly budget",
    input: ipCheckBody, output: nothing, codes: [CODE.tooManyRequests, CODE.captchaRequired],
  }),
  loginCheck: endpoint({
    method: 'POST', path: paths.auth.loginCheck, access: 'public', summary: 'Password sign-in with SM2-encrypted account and password; opens the session or names the next step',
    input: loginCheckBody, output: loginResponse,
    codes: [...CIPHER_CODES, CODE.accountRequired, CODE.mobileAsAccount, CODE.tooManyRequests, CODE.accountLocked, CODE.captchaRequired, CODE.codeWrong, CODE.accountOrPasswordWrong, ...SIGN_IN_FLOW_CODES],
  }),
  captcha: endpoint({
    method: 'POST', path: paths.auth.captcha, access: 'public', summary: 'A new single-use picture captcha',
    input: captchaBody, output: captchaResult,
  }),
  logout: endpoint({
    method: 'POST', path: paths.auth.logout, access: 'public', summary: "End the caller's session, if any, and clear its cookie; singleLogout names the page that signs its SAML service providers out",
    input: logoutBody, output: logoutResult,
  }),
  applyToken: endpoint({
    method: 'POST', path: paths.auth.applyToken, access: 'user', summary: 'A one-time code and the URL that launches an application the caller may sign in to',
    input: applyTokenBody, output: applyTokenResult, codes: [CODE.notFound, CODE.noAppPermission, CODE.appUsesOidc, CODE.ipRefused],
  }),
  ssoRedeem: endpoint({
    method: 'POST', path: paths.auth.ssoRedeem, access: 'public',
    summary: "A legacy application's back end exchanges a one-time code for who signed in, proving itself with its client secret",
    input: ssoRedeemBody, output: ssoIdentity, codes: [CODE.clientAuthFailed, CODE.ticketExpired],
  }),
  ssoGo: endpoint({
    method: 'GET', path: paths.auth.ssoGo, access: 'public',
    summary: 'Browser launch of an application: redirects into it with a code, or to sign-in, no-permission or not-found',
    input: ssoGoParams, output: nothing, redirect: true,
  }),
  oidcSecondFactor: endpoint({
    method: 'GET', path: paths.auth.oidcSecondFactor, access: 'public',
    summary: "OpenID Connect sign-in owing a second factor: back to the interaction if this browser passed it recently, else to the second-factor page",
    input: oidcSecondFactorParams, output: nothing, redirect: true,
  }),
};
