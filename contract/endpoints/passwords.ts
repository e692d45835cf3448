import { CODE, CODE_GROUPS } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import { z } from 'zod';
import { nothing } from '../schemas/common.js';
import {
  accountOut, activationCompleteBody, activationDetail, activationTokenBody, captchaGenBody, captchaTicket, codeKey, forgetSaveBody, forgetSendOtpBody, forgetVerifyAccountBody, forgetVerifyOtpBody,
  optionalRequestIdBody, phoneTicket, pwdSaveByOldBody, pwdSaveByOtpBody, pwdSendOtpBody, registerBody, registerSendCodeBody, requestIdBody,
} from '../schemas/password.js';

/** The new account, and whether it waits for an administrator's approval before it can sign in. */
const registeredOut = accountOut.extend({ pending: z.boolean() });

/** An SM2-encrypted field that does not decrypt, or was used before. */
const cipherRefusals = [CODE.cipherUndecryptable, CODE.cipherReplayed] as const;
/** A code texted to the account's own phone, after a captcha (E10802 when it is wrong or missing). */
const sendToOwnPhone = [CODE.codeWrong, CODE.noUsablePhone, CODE.smsRefused, CODE.sentTooOften, ...CODE_GROUPS.smsBudget] as const;
/** Setting a new password: decrypted, repeated alike, within the policy. */
const newPassword = [...cipherRefusals, CODE.newPasswordsDiffer, ...CODE_GROUPS.passwordPolicy] as const;

/**
 * Registration, forgotten password and both password-change families. The password policy text
 * (pwd/strategy/detail) is declared with the sign-in steps (signInEndpoints.pwdStrategy), where it is routed.
 */
export const passwordEndpoints = {
  register: endpoint({
    method: 'POST', path: paths.personal.register, access: 'public',
    summary: 'Register an account with the code texted to its phone (10 per address an hour; answers message SUCCESS; data.pending: waits for an administrator)',
    input: registerBody, output: registeredOut,
    codes: [...CODE_GROUPS.registration, CODE.tooManyRequests, ...cipherRefusals, ...CODE_GROUPS.passwordPolicy, ...CODE_GROUPS.codeRefusals],
  }),
  registerSendCode: endpoint({
    method: 'POST', path: paths.personal.registerSendCode, access: 'public',
    summary: 'Check the captcha and text a registration code to the number (a number that already has an account gets no text, and the same answer)',
    input: registerSendCodeBody, output: codeKey,
    codes: [CODE.registrationClosed, CODE.codeWrong, CODE.smsRefused, CODE.sentTooOften, ...CODE_GROUPS.smsBudget],
  }),

  captchaGen: endpoint({
    method: 'POST', path: paths.message.captchaGen, access: 'public', summary: 'Start a forgotten-password flow: a picture captcha and its ticket',
    input: captchaGenBody, output: captchaTicket,
  }),
  forgetVerifyAccount: endpoint({
    method: 'POST', path: paths.user.forgetVerifyAccount, access: 'public', summary: 'Check the captcha and take the account; answers the masked phone (a stand-in for unknown accounts)',
    input: forgetVerifyAccountBody, output: phoneTicket, codes: [CODE.ticketExpired, CODE.codeWrong, ...cipherRefusals],
  }),
  forgetSendOtp: endpoint({
    method: 'POST', path: paths.user.forgetSendOtp, access: 'public', summary: "Text a code to the ticket's phone (nobody is texted for an unknown account)",
    input: forgetSendOtpBody, output: codeKey, codes: [CODE.ticketExpired, CODE.smsRefused, CODE.sentTooOften, ...CODE_GROUPS.smsBudget],
  }),
  forgetVerifyOtp: endpoint({
    method: 'POST', path: paths.user.forgetVerifyOtp, access: 'public', summary: "Check the texted code on the forgotten-password ticket",
    input: forgetVerifyOtpBody, output: nothing, codes: [CODE.ticketExpired, ...CODE_GROUPS.codeRefusals],
  }),
  forgetSave: endpoint({
    method: 'POST', path: paths.user.forgetSave, access: 'public', summary: 'Set the new password of a verified forgotten-password ticket; every session ends',
    input: forgetSaveBody, output: accountOut, codes: [CODE.ticketExpired, ...cipherRefusals, ...CODE_GROUPS.passwordPolicy],
  }),

  activationDetail: endpoint({
    method: 'POST', path: paths.user.activationDetail, access: 'public', summary: "Whose activation link this is (account, name, until when); E00013 once used, replaced or expired",
    input: activationTokenBody, output: activationDetail, codes: [CODE.ticketExpired],
  }),
  activationComplete: endpoint({
    method: 'POST', path: paths.user.activationComplete, access: 'public', summary: "Set the first password with an activation link (once); the account's lock is lifted",
    input: activationCompleteBody, output: accountOut, codes: [CODE.ticketExpired, ...cipherRefusals, ...CODE_GROUPS.passwordPolicy],
  }),

  pwdPersonGetPhone: endpoint({
    method: 'POST', path: paths.personal.pwdPersonGetPhone, access: 'user', summary: "Start a signed-in password change: a ticket and the caller's masked phone",
    input: optionalRequestIdBody, output: phoneTicket,
  }),
  pwdPersonSendOtp: endpoint({
    method: 'POST', path: paths.personal.pwdPersonSendOtp, access: 'user', summary: "Check the captcha and text a code to the caller's phone",
    input: pwdSendOtpBody, output: codeKey, codes: [CODE.ticketExpired, ...sendToOwnPhone],
  }),
  pwdPersonSaveByOtp: endpoint({
    method: 'POST', path: paths.personal.pwdPersonSaveByOtp, access: 'user', summary: 'Change the password with a texted code; other sessions end',
    input: pwdSaveByOtpBody, output: nothing, codes: [CODE.ticketExpired, ...CODE_GROUPS.codeRefusals, ...newPassword],
  }),
  pwdPersonSaveByOld: endpoint({
    method: 'POST', path: paths.personal.pwdPersonSaveByOld, access: 'user', summary: 'Change the password with the current one; other sessions end',
    input: pwdSaveByOldBody, output: nothing, codes: [CODE.currentPasswordWrong, CODE.accountLocked, CODE.tooManyRequests, ...newPassword],
  }),

  pwdAuthGetPhone: endpoint({
    method: 'POST', path: paths.user.pwdAuthGetPhone, access: 'public', summary: 'The masked phone of the account a sign-in refused with E30058/E30067, by its ticket',
    input: requestIdBody, output: phoneTicket, codes: [CODE.ticketExpired, CODE.notSignedIn],
  }),
  pwdAuthSendOtp: endpoint({
    method: 'POST', path: paths.user.pwdAuthSendOtp, access: 'public', summary: "Check the captcha and text a code to the ticket's account",
    input: pwdSendOtpBody, output: codeKey, codes: [CODE.ticketExpired, CODE.notSignedIn, ...sendToOwnPhone],
  }),
  pwdAuthSaveByOtp: endpoint({
    method: 'POST', path: paths.user.pwdAuthSaveByOtp, access: 'public', summary: "Change the ticket's account password with a texted code; every session ends",
    input: pwdSaveByOtpBody, output: accountOut, codes: [CODE.ticketExpired, CODE.notSignedIn, ...CODE_GROUPS.codeRefusals, ...newPassword],
  }),
  pwdAuthSaveByOld: endpoint({
    method: 'POST', path: paths.user.pwdAuthSaveByOld, access: 'public', summary: "Change the ticket's account password with the current one; every session ends",
    input: pwdSaveByOldBody, output: accountOut, codes: [CODE.ticketExpired, CODE.notSignedIn, CODE.currentPasswordWrong, CODE.accountLocked, CODE.tooManyRequests, ...newPassword],
  }),
};
