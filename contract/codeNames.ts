/**
 * Every result code the API can answer, by name, with its wire value and status class: all a page
 * that only branches on codes needs. Each code's zh (default) and en message is under the same
 * name in codeMessages.ts, the only user-facing text a refusal carries (its code plus `{name}`
 * parameters, never a one-off string); codes.ts joins the two for the server and the pages that
 * show a message. Apart, so the sign-in page downloads no message text (its budget, DESIGN.md §8).
 *
 * Numbering: D00000 is success; refusals are E, then an area, then a rule within it.
 *   E00xxx  any endpoint: input the schema refuses (E00001, field named), undecryptable or replayed
 *           ciphertext, session, ticket, access, rates, internal errors
 *   E106xx  registration: the switch, account names, taken names and numbers
 *   E107xx  passwords: the policy (E10701 the family, E1071x one code per rule), the current
 *           password, the repeated new password
 *   E108xx  texted codes and SMS budgets
 *   E109xx  the phone as a verification method: bind, change, stop, a usable number
 *   E110xx  second factors: authenticator app, passkeys, recovery codes, re-authentication
 *   E201xx  permission requests and approvals
 *   E202xx  permissions and roles held
 *   E203xx  groups and public mailboxes
 *   E204xx  devices
 *   E30xxx  sign-in (the specs' numbers, plus E30003/E30004/E30066 for what the schema cannot see);
 *           E3009x single sign-on into applications (legacy code launch)
 *   E401xx  workbench: organisation tree and users (import rows included)
 *   E402xx  workbench: applications, their roles, approvers, grants and client secrets
 *   E403xx  workbench: groups, mailboxes, requests decided as an override, home notices
 *   E404xx  workbench: policies, sessions, audit
 *   E405xx  provisioning (SCIM) and its tokens
 *   E60xxx  the company directory and company-token sign-in; E601xx sign-in through other identity
 *           providers (brokering) and linked accounts; E602xx administrators' duties and delegated reach
 *   E603xx  audit trail: verification, checkpoints, export
 * Status is each code's class: 400 a refusal of what was asked, 403 not allowed, 404 the thing
 * named does not exist (for this user), 409 in conflict with the current state (taken, already
 * bound, already decided), 429 a budget spent, 503 a dependency resting. SCIM answers the class
 * as its HTTP status; the /idaas envelope answers `envelopeStatus(code)` (codes.ts).
 */
interface ResultEntry {
  /** The wire value: what clients and tests match on. */
  code: `${'D' | 'E'}${number}`;
  status: number;
}

/**
 * Every result code, written once: its name, its wire value and its status class; its zh and en
 * message are under the same name in codeMessages.ts, apart so that a page needing only `CODE`
 * (the sign-in page, within its download budget) does not download every message. The same number under several local names is how a renumbering gets half done, so a
 * code has exactly one name (checked below). The server throws `new AppError(CODE.x)` and the SPA
 * branches on `CODE.x`; only the tests spell the wire values, since that is what a client sees.
 * `codes` (by wire value) and `CODE` (name to wire value) are derived from this table.
 */
export const RESULTS = {
  ok: { code: 'D00000', status: 200 },
  // E00xxx any endpoint
  invalidInput: { code: 'E00001', status: 400 },
  cipherUndecryptable: { code: 'E00002', status: 400 },
  cipherReplayed: { code: 'E00003', status: 400 },
  notSignedIn: { code: 'E00009', status: 401 },
  ticketExpired: { code: 'E00013', status: 400 },
  forbidden: { code: 'E00403', status: 403 },
  notFound: { code: 'E00404', status: 404 },
  sentTooOften: { code: 'E00408', status: 429 },
  bodyTooLarge: { code: 'E00413', status: 413 },
  tooManyRequests: { code: 'E00429', status: 429 },
  internalError: { code: 'E00500', status: 500 },
  storeUnavailable: { code: 'E00503', status: 503 },
  // E30xxx sign-in
  accountOrPasswordWrong: { code: 'E30002', status: 400 },
  accountRequired: { code: 'E30003', status: 400 },
  mobileAsAccount: { code: 'E30004', status: 400 },
  accountDisabled: { code: 'E30051', status: 400 },
  accountLocked: { code: 'E30053', status: 400 },
  accountExpired: { code: 'E30054', status: 400 },
  loginTypeNotAllowed: { code: 'E30055', status: 400 },
  ipRefused: { code: 'E30056', status: 400 },
  accountNotActivated: { code: 'E30057', status: 400 },
  registrationPending: { code: 'E30059', status: 400 },
  passwordExpired: { code: 'E30058', status: 400 },
  /** The risk policy asks this sign-in for a second factor, the person holds none, and enrolling in the sign-in is not allowed. */
  stepUpUnavailable: { code: 'E30060', status: 400 },
  noAppPermission: { code: 'E30065', status: 400 },
  unknownApp: { code: 'E30066', status: 404 },
  passwordResetByAdmin: { code: 'E30067', status: 400 },
  /** A "this was not me" link (or alert) that is unknown, already used or expired: one answer, so the link tells nothing. */
  alertLinkInvalid: { code: 'E30061', status: 400 },
  /** The second factor needs a bound phone and there is none. */
  secondFactorNoPhone: { code: 'E30074', status: 400 },
  phoneOrCodeWrong: { code: 'E30075', status: 400 },
  directoryPasswordWrong: { code: 'E30076', status: 400 },
  captchaRequired: { code: 'E30127', status: 400 },
  // E3009x single sign-on into applications
  /** A legacy application's back end presented a wrong client id or secret when redeeming a code. */
  clientAuthFailed: { code: 'E30091', status: 401 },
  /** An OpenID Connect application has no one-time launch code (it starts its own sign-in). */
  appUsesOidc: { code: 'E30092', status: 409 },
  // E106xx registration
  registrationClosed: { code: 'E10601', status: 403 },
  accountNameTaken: { code: 'E10602', status: 409 },
  mobileRegistered: { code: 'E10603', status: 409 },
  accountOrMobileTaken: { code: 'E10604', status: 409 },
  accountNameInvalid: { code: 'E10605', status: 400 },
  emailInvalid: { code: 'E10606', status: 400 },
  // E107xx passwords
  /** The policy family the specs name; the server answers the rule's own code (E1071x) instead. */
  passwordPolicy: { code: 'E10701', status: 400 },
  currentPasswordWrong: { code: 'E10702', status: 400 },
  newPasswordsDiffer: { code: 'E10703', status: 400 },
  passwordLength: { code: 'E10711', status: 400 },
  passwordKinds: { code: 'E10712', status: 400 },
  passwordContainsAccount: { code: 'E10713', status: 400 },
  passwordCommon: { code: 'E10714', status: 400 },
  passwordSameAsCurrent: { code: 'E10715', status: 400 },
  passwordReused: { code: 'E10716', status: 400 },
  // E108xx texted codes and SMS budgets
  codeExpired: { code: 'E10801', status: 400 },
  /** A texted code, or the answer to a picture captcha, is wrong. */
  codeWrong: { code: 'E10802', status: 400 },
  codeVoid: { code: 'E10803', status: 400 },
  smsRefused: { code: 'E10805', status: 400 },
  smsDailyLimit: { code: 'E10806', status: 429 },
  smsTicketInvalid: { code: 'E10807', status: 400 },
  smsGatewayResting: { code: 'E10808', status: 503 },
  smsAccountHourly: { code: 'E10809', status: 429 },
  // E109xx the phone
  mobileBoundElsewhere: { code: 'E10901', status: 409 },
  phoneAlreadyBound: { code: 'E10902', status: 409 },
  mobileUnchanged: { code: 'E10903', status: 400 },
  phoneNotBound: { code: 'E10904', status: 400 },
  noUsablePhone: { code: 'E10905', status: 400 },
  mobileInvalid: { code: 'E10906', status: 400 },
  // E110xx second factors: authenticator app (E1100x), passkeys (E1101x), recovery codes (E1102x), re-authentication and policy (E1103x)
  totpWrong: { code: 'E11001', status: 400 },
  totpReplayed: { code: 'E11002', status: 400 },
  totpLocked: { code: 'E11003', status: 400 },
  factorNotSetUp: { code: 'E11004', status: 400 },
  totpAlreadySetUp: { code: 'E11005', status: 409 },
  totpNotStarted: { code: 'E11006', status: 400 },
  passkeyFailed: { code: 'E11010', status: 400 },
  passkeyChallengeExpired: { code: 'E11011', status: 400 },
  passkeyUnknown: { code: 'E11012', status: 400 },
  passkeyRegistered: { code: 'E11013', status: 409 },
  passkeyLimit: { code: 'E11014', status: 409 },
  recoveryCodeWrong: { code: 'E11020', status: 400 },
  reauthRequired: { code: 'E11030', status: 400 },
  passkeyRequired: { code: 'E11031', status: 400 },
  lastRequiredFactor: { code: 'E11032', status: 409 },
  /** The phone is the only second factor this sign-in will have: its step cannot be skipped. */
  phoneStepRequired: { code: 'E11033', status: 400 },
  // E201xx permission requests and approvals
  duplicateRequest: { code: 'E20101', status: 409 },
  appUnavailable: { code: 'E20102', status: 404 },
  roleNotOfApp: { code: 'E20103', status: 400 },
  roleRequired: { code: 'E20104', status: 400 },
  permissionHeld: { code: 'E20105', status: 409 },
  requestNotPending: { code: 'E20106', status: 409 },
  notApproverOfAll: { code: 'E20107', status: 403 },
  alreadyDecided: { code: 'E20108', status: 409 },
  rolesHeld: { code: 'E20109', status: 409 },
  // E202xx permissions and roles held
  permissionNotHeld: { code: 'E20201', status: 404 },
  rolesNotHeld: { code: 'E20202', status: 404 },
  // E203xx groups and public mailboxes
  unknownUsers: { code: 'E20301', status: 404 },
  managerIsSelf: { code: 'E20302', status: 400 },
  mailboxPasswordRequired: { code: 'E20303', status: 400 },
  // E204xx devices
  currentDevice: { code: 'E20401', status: 409 },
  // E401xx workbench: organisation and users
  orgMoveCycle: { code: 'E40101', status: 400 },
  orgHasChildren: { code: 'E40102', status: 409 },
  orgHasUsers: { code: 'E40103', status: 409 },
  orgParentInvalid: { code: 'E40104', status: 400 },
  orgNameTaken: { code: 'E40105', status: 409 },
  deptUnknown: { code: 'E40110', status: 404 },
  selfDisable: { code: 'E40111', status: 400 },
  userNoPassword: { code: 'E40112', status: 409 },
  importDuplicateAccount: { code: 'E40120', status: 400 },
  importDuplicateMobile: { code: 'E40121', status: 400 },
  importDeptAmbiguous: { code: 'E40122', status: 400 },
  importTypeInvalid: { code: 'E40123', status: 400 },
  importFieldMissing: { code: 'E40124', status: 400 },
  importFieldTooLong: { code: 'E40125', status: 400 },
  importColumns: { code: 'E40126', status: 400 },
  importHeader: { code: 'E40127', status: 400 },
  importMalformed: { code: 'E40128', status: 400 },
  importTooManyRows: { code: 'E40129', status: 400 },
  importBusy: { code: 'E40130', status: 429 },
  userHoldsRecords: { code: 'E40131', status: 409 },
  selfDelete: { code: 'E40132', status: 400 },
  // E402xx workbench: applications
  appIdTaken: { code: 'E40201', status: 409 },
  clientIdTaken: { code: 'E40202', status: 409 },
  roleCodeTaken: { code: 'E40203', status: 409 },
  roleHeld: { code: 'E40204', status: 409 },
  roleRequested: { code: 'E40205', status: 409 },
  unknownGroups: { code: 'E40206', status: 404 },
  oidcRedirectUriRequired: { code: 'E40207', status: 400 },
  samlEntityIdTaken: { code: 'E40208', status: 409 },
  samlMetadataUnsafe: { code: 'E40209', status: 400 },
  samlMetadataMalformed: { code: 'E40210', status: 400 },
  samlMetadataSeveralSps: { code: 'E40211', status: 400 },
  samlMetadataNoAcs: { code: 'E40212', status: 400 },
  samlCertificateInvalid: { code: 'E40213', status: 400 },
  samlAcsDefault: { code: 'E40214', status: 400 },
  samlSigningCertRequired: { code: 'E40215', status: 400 },
  casServiceTaken: { code: 'E40216', status: 409 },
  samlKeyRotatedMeanwhile: { code: 'E40217', status: 409 },
  samlKeyNotPublishedLongEnough: { code: 'E40218', status: 409 },
  // E403xx workbench: groups, mailboxes, requests, notices
  groupCodeTaken: { code: 'E40301', status: 409 },
  mailGroupNeedsEmail: { code: 'E40302', status: 400 },
  securityGroupHasNoEmail: { code: 'E40303', status: 400 },
  noticePublished: { code: 'E40304', status: 409 },
  noticeNotPublished: { code: 'E40305', status: 409 },
  // E404xx workbench: policies, sessions, audit
  policyLengthRange: { code: 'E40401', status: 400 },
  policyReminderNotBeforeExpiry: { code: 'E40402', status: 400 },
  policyCaptchaNotBeforeLock: { code: 'E40403', status: 400 },
  policyIdleBeyondAbsolute: { code: 'E40404', status: 400 },
  currentSession: { code: 'E40411', status: 409 },
  // E4042x workbench: network zones (adaptive sign-in)
  zoneNameTaken: { code: 'E40421', status: 409 },
  zoneInUse: { code: 'E40422', status: 409 },
  // E405xx provisioning (SCIM)
  scimTokenRevoked: { code: 'E40501', status: 409 },
  scimUnauthorized: { code: 'E40502', status: 401 },
  scimInvalidFilter: { code: 'E40503', status: 400 },
  scimInvalidPath: { code: 'E40504', status: 400 },
  scimNoTarget: { code: 'E40505', status: 400 },
  scimMutability: { code: 'E40506', status: 400 },
  scimVersionMismatch: { code: 'E40507', status: 412 },
  scimUserHoldsRecords: { code: 'E40508', status: 409 },
  scimInvalidSyntax: { code: 'E40509', status: 400 },
  scimUnknownUsers: { code: 'E40510', status: 400 },
  // E60xxx the company directory and company-token sign-in
  casRefused: { code: 'E60002', status: 400 },
  casResendTooEarly: { code: 'E60003', status: 429 },
  directoryAlreadyLinked: { code: 'E60004', status: 409 },
  // E6002x directory synchronisation
  directoryNotConfigured: { code: 'E60021', status: 400 },
  directoryUnreachable: { code: 'E60022', status: 503 },
  directorySyncBusy: { code: 'E60023', status: 409 },
  directoryOwnedField: { code: 'E60024', status: 409 },
  directorySyncFailed: { code: 'E60025', status: 500 },
  // E601xx sign-in through other identity providers and linked accounts
  upstreamFailed: { code: 'E60101', status: 400 },
  upstreamNoAccount: { code: 'E60102', status: 400 },
  upstreamUnverified: { code: 'E60103', status: 400 },
  upstreamLinked: { code: 'E60104', status: 409 },
  upstreamTaken: { code: 'E60105', status: 409 },
  upstreamInvalid: { code: 'E60106', status: 400 },
  lastSignIn: { code: 'E60107', status: 409 },
  // E602xx administrators: duties (system, security, audit, department) and their holders
  dutyHeld: { code: 'E60201', status: 409 },
  lastDutyHolder: { code: 'E60202', status: 409 },
  adminCredentials: { code: 'E60203', status: 403 },
  outsideScope: { code: 'E60205', status: 404 },
  // E603xx audit trail: verification, checkpoints, export
  rangeTooLarge: { code: 'E60301', status: 400 },
} as const satisfies Record<string, ResultEntry>;

export type Results = typeof RESULTS;
export type Name = keyof Results;

export type ResultCode = Results[Name]['code'];
export type Lang = 'zh' | 'en';

/** Every result code by name: `CODE.x` is the literal wire value. */
export const CODE = /* @__PURE__ */ Object.fromEntries(Object.entries(RESULTS).map(([name, { code }]) => [name, code])) as unknown as {
  readonly [N in Name]: Results[N]['code'];
};

export type MustBeNever<T extends never> = T;
/** The names whose code another name also has: none, or this fails to compile. */
export type DoublyNamedCode = MustBeNever<
  { [N in Name]: Results[N]['code'] extends { [M in Exclude<Name, N>]: Results[M]['code'] }[Exclude<Name, N>] ? N : never }[Name]
>;

export const OK = CODE.ok;

/** A texted code refused: expired, wrong, void after too many tries. */
const codeRefusals = ['E10801', 'E10802', 'E10803'] as const satisfies readonly ResultCode[];
/** A new password the policy refuses: one code per rule, E10701 naming the family. */
const passwordPolicy = ['E10701', 'E10711', 'E10712', 'E10713', 'E10714', 'E10715', 'E10716'] as const satisfies readonly ResultCode[];

/**
 * Refusals that clients handle alike, named once. Endpoint declarations and forms spread these
 * rather than repeating the lists, so a new code joins every place that should know it.
 */
export const CODE_GROUPS = {
  codeRefusals,
  passwordPolicy,
  /** A new password set through a texted code: the forms explain these next to their fields. */
  passwordByCode: [...passwordPolicy, ...codeRefusals, 'E10805', 'E00408'],
  /** The SMS budgets (gateway resting, account hour, address hour, number's day): only waiting or another method helps. */
  smsBudget: ['E10808', 'E10809', 'E00429', 'E10806'],
  /** A password change the person can correct: wrong current password, the two new ones differ. */
  passwordEntry: ['E10702', 'E10703'],
  /** A mobile number that cannot be used here: not textable, bound elsewhere, unchanged, malformed. */
  numberRefusals: ['E10805', 'E10901', 'E10903', 'E10906'],
  /** The account has no (usable) phone for what was asked. */
  noPhone: ['E10904', 'E10905'],
  /** Registration refusals of the form's own fields. */
  registration: ['E10601', 'E10602', 'E10603', 'E10604', 'E10605', 'E10606', 'E10906'],
  /** Sign-in refusals shown as a warning under the sign-in form, in the server's words (sign-in spec §8). */
  signInWarnings: ['E30002', 'E30051', 'E30053', 'E30054', 'E30055', 'E30056', 'E30057', 'E30059', 'E30060', 'E30065', 'E30075', 'E30076'],
  /** The password must (E30067) or should (E30058) be changed: data.srmi opens /resetPassword. */
  passwordChangeRequired: ['E30058', 'E30067'],
} as const satisfies Record<string, readonly ResultCode[]>;

/** Whether a code (from an envelope, or '' when there was none) is one of `group`. */
export function codeIn(group: readonly ResultCode[], code: string): boolean {
  return (group as readonly string[]).includes(code);
}

/** The envelope every /idaas response uses. */
export interface Envelope<T = unknown> {
  code: ResultCode | string;
  message: string;
  data: T;
}
