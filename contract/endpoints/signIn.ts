import { z } from 'zod';
import { CODE, CODE_GROUPS, type ResultCode } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { loginResponse, sliderResult } from '../schemas/auth.js';
import { emptyBody } from '../schemas/common.js';
import {
  bindMasterBody, bindPhoneBody, bindSendBody, bindSendResult, casResultOf, directoryLoginBody, sceneSmsBody, sceneSmsResult,
  secondAuthAppInfo, secondAuthBody, secondAuthSendBody, secondAuthSendResult, selfPwdByOldBody, selfPwdBySmsBody, sendLoginSmsBody,
  sendOtpResult, skipStepBody, smsLoginBody, srmiBody, stepResult,
} from '../schemas/signIn.js';
import { CIPHER_CODES, SIGN_IN_FLOW_CODES } from './auth.js';

/**
 * Refusals of texting a code (otp.send and the SMS budgets): a number that cannot receive texts,
 * a wrong captcha sent with the request, the per-number resend interval, a captcha now needed,
 * and the budgets only waiting helps with.
 */
const SMS_SEND_CODES = [CODE.smsRefused, CODE.codeWrong, CODE.sentTooOften, CODE.captchaRequired, ...CODE_GROUPS.smsBudget] as const satisfies readonly ResultCode[];
/** Refusals of checking a texted code: expired, used or unknown; wrong; tries used up. */
const SMS_CODE_CODES = CODE_GROUPS.codeRefusals;
/** A flow ticket (srmi) unknown, expired or at another step (E00013), or its user gone (E00009). */
const TICKET_CODES = [CODE.ticketExpired, CODE.notSignedIn] as const satisfies readonly ResultCode[];
/** Account states checked again when a ticket's flow opens the session. */
const ACCOUNT_STATE_CODES = [CODE.accountDisabled, CODE.accountNotActivated, CODE.registrationPending, CODE.accountExpired] as const satisfies readonly ResultCode[];
/** A new password: its ciphertext, then the policy (one code per rule). */
const NEW_PASSWORD_CODES = [...CIPHER_CODES, ...CODE_GROUPS.passwordPolicy] as const satisfies readonly ResultCode[];

/** SMS sign-in, the second factor, the slider captcha, the self-service steps and the directory sign-in. */
export const signInEndpoints = {
  slider: endpoint({
    method: 'POST', path: paths.auth.slider, access: 'public', summary: 'A new single-use slider captcha',
    input: emptyBody, output: sliderResult,
  }),
  sendMsgLogin: endpoint({
    method: 'POST', path: paths.auth.sendMsgLogin, access: 'public', summary: 'Text a sign-in code to a number (answered alike whether or not it has an account)',
    input: sendLoginSmsBody, output: sendOtpResult, codes: [...SMS_SEND_CODES],
  }),
  msgLoginCheck: endpoint({
    method: 'POST', path: paths.auth.msgLoginCheck, access: 'public', summary: 'Sign in with a texted code; opens the session or names the next step',
    input: smsLoginBody, output: loginResponse, codes: [CODE.tooManyRequests, CODE.phoneOrCodeWrong, CODE.codeVoid, ...SIGN_IN_FLOW_CODES],
  }),
  secondAuthAppInfo: endpoint({
    method: 'POST', path: paths.auth.secondAuthAppInfo, access: 'public', summary: 'The application (or portal) the second factor is for, and the code length and lifetime',
    input: srmiBody, output: secondAuthAppInfo, codes: [CODE.ticketExpired],
  }),
  secondAuthSend: endpoint({
    method: 'POST', path: paths.auth.secondAuthSend, access: 'public', summary: "Text the second-factor code to the user's bound phone (resends need a captcha)",
    input: secondAuthSendBody, output: secondAuthSendResult, codes: [...TICKET_CODES, CODE.secondFactorNoPhone, CODE.passkeyRequired, ...SMS_SEND_CODES],
  }),
  secondAuth: endpoint({
    method: 'POST', path: paths.auth.secondAuth, access: 'public', summary: 'Pass the second factor with the texted code; opens the session and trusts this browser',
    input: secondAuthBody, output: loginResponse, codes: [...TICKET_CODES, ...SMS_CODE_CODES, CODE.passkeyRequired, ...ACCOUNT_STATE_CODES],
  }),
  sendSmsByScene: endpoint({
    method: 'POST', path: paths.user.sendSmsByScene, access: 'public', summary: 'Self-service: text a code to the phone being bound (scene 1) or to the bound phone (scene 2)',
    input: sceneSmsBody, output: sceneSmsResult, codes: [...TICKET_CODES, CODE.mobileInvalid, CODE.mobileBoundElsewhere, CODE.noUsablePhone, ...SMS_SEND_CODES],
  }),
  bindPhone: endpoint({
    method: 'POST', path: paths.user.bindPhone, access: 'public', summary: 'Self-service: bind the phone the code was texted to, and move to the next step',
    input: bindPhoneBody, output: stepResult, codes: [...TICKET_CODES, ...SMS_CODE_CODES, CODE.mobileBoundElsewhere],
  }),
  skipStep: endpoint({
    method: 'POST', path: paths.user.skipStep, access: 'public', summary: 'Self-service: skip an optional step (bind phone, expiring password)',
    input: skipStepBody, output: stepResult, codes: [CODE.ticketExpired, CODE.phoneStepRequired],
  }),
  updatePwdBySms: endpoint({
    method: 'POST', path: paths.user.updatePwdBySms, access: 'public', summary: 'Self-service: set a new password proven by a texted code',
    input: selfPwdBySmsBody, output: stepResult, codes: [...TICKET_CODES, ...SMS_CODE_CODES, ...NEW_PASSWORD_CODES],
  }),
  updatePwdByOld: endpoint({
    method: 'POST', path: paths.user.updatePwdByOld, access: 'public', summary: 'Self-service: set a new password proven by the current one',
    input: selfPwdByOldBody, output: stepResult, codes: [...TICKET_CODES, CODE.currentPasswordWrong, CODE.accountLocked, CODE.tooManyRequests, ...NEW_PASSWORD_CODES],
  }),
  continueLogin: endpoint({
    method: 'POST', path: paths.auth.continueLogin, access: 'public', summary: 'After the last self-service step: on to the second factor, or open the session',
    input: srmiBody, output: loginResponse, codes: [...TICKET_CODES, ...ACCOUNT_STATE_CODES, CODE.unknownApp],
  }),
  pacasAuthenticate: endpoint({
    method: 'POST', path: paths.auth.pacasAuthenticate, access: 'public',
    summary: 'Directory sign-in (LDAP or company token): signs in a linked account, or asks to link one',
    input: directoryLoginBody, output: casResultOf(loginResponse),
    codes: [...CIPHER_CODES, CODE.tooManyRequests, CODE.accountLocked, CODE.captchaRequired, CODE.codeWrong, CODE.directoryPasswordWrong, CODE.casRefused, ...SIGN_IN_FLOW_CODES],
  }),
  pacasSendMsg: endpoint({
    method: 'POST', path: paths.auth.pacasSendMsg, access: 'public', summary: "Text a code to the portal account's phone a directory account is to be linked to",
    input: bindSendBody, output: bindSendResult, codes: [CODE.ticketExpired, CODE.codeWrong, CODE.smsRefused, CODE.casResendTooEarly, ...CODE_GROUPS.smsBudget],
  }),
  pacasBind: endpoint({
    method: 'POST', path: paths.auth.pacasBind, access: 'public', summary: 'Link the directory account to the portal account proven by the texted code, and sign in',
    input: bindMasterBody, output: loginResponse, codes: [CODE.ticketExpired, ...SMS_CODE_CODES, CODE.directoryAlreadyLinked, ...SIGN_IN_FLOW_CODES],
  }),
  pwdStrategy: endpoint({
    method: 'POST', path: paths.personal.pwdStrategy, access: 'public', summary: 'The password policy as a short HTML list, in the caller\'s language (for a new account: without the rules about earlier passwords)',
    input: z.object({ forNewAccount: z.boolean().optional() }).optional(), output: z.string(),
  }),
};
