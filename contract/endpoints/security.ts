import { z } from 'zod';
import { CODE, CODE_GROUPS } from '../codes.js';
import { endpoint } from '../endpoint.js';
import { paths } from '../paths.js';
import {
  appLogBody, appLogRow, bindMobileSaveBody, bindMobileSendBody, changeMobileNewBody, changeMobileTicketBody, changeMobileVerifyBody, deviceRow,
  deviceSignOutBody, homeContent, noticeDetail, noticeOpenBody, operationLogBody, operationLogRow, selectByTypeBody, selectOption, sentCode, socialBinding, socialListBody,
  socialUnbindBody,
} from '../schemas/account.js';
import { emptyBody, nothing, pageOf } from '../schemas/common.js';
import { phoneTicket } from '../schemas/password.js';

/** Texting a code in a flow that already proved the person (session plus a verified step): no captcha asked. */
const provenSend = [CODE.sentTooOften, ...CODE_GROUPS.smsBudget] as const;

/** Account security (the phone, linked accounts), devices, personal logs and their dictionaries, home content. */
export const securityEndpoints = {
  stopMobile: endpoint({
    method: 'POST', path: paths.personal.stopMobile, access: 'user', summary: 'Stop the bound phone as a verification method (after a re-authentication; not the last factor the policy requires)',
    input: emptyBody, output: nothing, codes: [CODE.phoneNotBound, CODE.reauthRequired, CODE.lastRequiredFactor],
  }),
  useMobile: endpoint({
    method: 'POST', path: paths.personal.useMobile, access: 'user', summary: 'Use the bound phone as a verification method again',
    input: emptyBody, output: nothing, codes: [CODE.phoneNotBound],
  }),
  socialList: endpoint({
    method: 'POST', path: paths.personal.socialList, access: 'user', summary: "The caller's linked third-party accounts (another userId is refused)",
    input: socialListBody, output: pageOf(socialBinding),
  }),
  socialUnbind: endpoint({
    method: 'POST', path: paths.personal.socialUnbind, access: 'user', summary: 'Unlink one of the caller\'s third-party accounts by source',
    input: socialUnbindBody, output: nothing, codes: [CODE.notFound, CODE.lastSignIn],
  }),
  bindMobileSend: endpoint({
    method: 'POST', path: paths.personal.bindMobileSend, access: 'user', summary: 'Text a code to the number a phone-less account wants to bind',
    input: bindMobileSendBody, output: sentCode,
    codes: [CODE.phoneAlreadyBound, CODE.mobileBoundElsewhere, CODE.codeWrong, CODE.captchaRequired, ...provenSend],
  }),
  bindMobileSave: endpoint({
    method: 'POST', path: paths.personal.bindMobileSave, access: 'user', summary: 'Bind the number whose code was entered; other sessions end',
    input: bindMobileSaveBody, output: nothing, codes: [CODE.phoneAlreadyBound, CODE.mobileBoundElsewhere, ...CODE_GROUPS.codeRefusals],
  }),
  changeMobileGetPhone: endpoint({
    method: 'POST', path: paths.personal.changeMobileGetPhone, access: 'user', summary: 'Start changing the phone: a ticket and the current number, masked',
    input: emptyBody, output: phoneTicket, codes: [CODE.phoneNotBound],
  }),
  changeMobileSendOld: endpoint({
    method: 'POST', path: paths.personal.changeMobileSendOld, access: 'user', summary: 'Text a code to the current number on the change ticket',
    input: changeMobileTicketBody, output: sentCode, codes: [CODE.ticketExpired, CODE.smsRefused, ...provenSend],
  }),
  changeMobileVerifyOld: endpoint({
    method: 'POST', path: paths.personal.changeMobileVerifyOld, access: 'user', summary: "Check the current number's code on the change ticket",
    input: changeMobileVerifyBody, output: nothing, codes: [CODE.ticketExpired, ...CODE_GROUPS.codeRefusals],
  }),
  changeMobileSendNew: endpoint({
    method: 'POST', path: paths.personal.changeMobileSendNew, access: 'user', summary: 'Text a code to the new number once the current one is verified',
    input: changeMobileNewBody, output: sentCode, codes: [CODE.ticketExpired, CODE.mobileUnchanged, CODE.mobileBoundElsewhere, ...provenSend],
  }),
  changeMobileSetNew: endpoint({
    method: 'POST', path: paths.personal.changeMobileSetNew, access: 'user', summary: "Check the new number's code and bind it; other sessions end",
    input: changeMobileVerifyBody, output: nothing, codes: [CODE.ticketExpired, CODE.mobileBoundElsewhere, ...CODE_GROUPS.codeRefusals],
  }),
  devices: endpoint({
    method: 'POST', path: paths.personal.devices, access: 'user', summary: "The caller's devices, last seen first, with their live sessions",
    input: emptyBody, output: z.array(deviceRow),
  }),
  deviceSignOut: endpoint({
    method: 'POST', path: paths.personal.deviceSignOut, access: 'user', summary: 'End every session of another device of the caller and forget its trust',
    input: deviceSignOutBody, output: z.object({ ended: z.number().int() }), codes: [CODE.notFound, CODE.currentDevice],
  }),
  appLog: endpoint({
    method: 'POST', path: paths.personal.appLog, access: 'user', summary: "The caller's sign-ins and application launches (default: the last 29 days)",
    input: appLogBody, output: pageOf(appLogRow),
  }),
  operationLog: endpoint({
    method: 'POST', path: paths.personal.operationLog, access: 'user', summary: "The caller's account operations (default: the last 29 days)",
    input: operationLogBody, output: pageOf(operationLogRow),
  }),
  commonSelect: endpoint({
    method: 'POST', path: paths.log.commonSelect, access: 'user', summary: 'Labels of a log dictionary (14 operation scenes, 15 access types) in the asked language',
    input: selectByTypeBody, output: z.array(selectOption),
  }),
  systemCommonSelect: endpoint({
    method: 'POST', path: paths.system.commonSelect, access: 'user', summary: 'Labels of a log dictionary (the system path of log/v1/common-select/get-by-type)',
    input: selectByTypeBody, output: z.array(selectOption),
  }),
  homeContent: endpoint({
    method: 'POST', path: paths.personal.homeContent, access: 'user', summary: "The home page's notices and news",
    input: emptyBody, output: homeContent,
  }),
  noticeOpen: endpoint({
    method: 'POST', path: paths.personal.noticeOpen, access: 'user', summary: 'Read a published notice or news item (body and link); marks it read for the caller',
    input: noticeOpenBody, output: noticeDetail, codes: [CODE.notFound],
  }),
};
