/**
 * The numbers that stand for a state or a kind on the wire, named once. Each is a const object
 * (use the names) and a type of the same name (the union of its values).
 */

/** A permission request's status: awaiting approval, passed, rejected. */
export const ApplyStatus = { PENDING: 0, PASSED: 1, REJECTED: 2 } as const;
export type ApplyStatus = (typeof ApplyStatus)[keyof typeof ApplyStatus];

/** An approver's decision (the approval body's `status`): it becomes the request's status. */
export const Decision = { PASS: ApplyStatus.PASSED, REJECT: ApplyStatus.REJECTED } as const;
export type Decision = (typeof Decision)[keyof typeof Decision];

/** A group's kind: a security group, or a mail group (which has an address). */
export const GroupType = { SECURITY: 1, MAIL: 2 } as const;
export type GroupType = (typeof GroupType)[keyof typeof GroupType];

/** What a self-service text is for (sendSmsByScene): the phone being bound, or a new password (to the bound phone). */
export const PhoneScene = { BIND_PHONE: 1, UPDATE_PASSWORD: 2 } as const;
export type PhoneScene = (typeof PhoneScene)[keyof typeof PhoneScene];

/** A login type's captchaStrategy: picture on demand, company token code, slider on demand. */
export const CaptchaStrategy = { PICTURE: 0, TOKEN_CODE: 2, SLIDER: 3 } as const;
export type CaptchaStrategy = (typeof CaptchaStrategy)[keyof typeof CaptchaStrategy];

/** The logType of a personal log query (the spec's numbers; the endpoint already says which log). */
export const LogType = { OPERATION: 6, APP_ACCESS: 7 } as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/**
 * What a home-page item is: a notice, or news under one of the home page's four news tabs
 * (NEWS is the 新闻 tab itself). Stored as these strings in notices.kind.
 */
export const NoticeKind = { NOTICE: 'NOTICE', NEWS: 'NEWS', RECOMMEND: 'RECOMMEND', DYNAMIC: 'DYNAMIC', RELEASE: 'RELEASE' } as const;
export type NoticeKind = (typeof NoticeKind)[keyof typeof NoticeKind];

/** What a row of the workbench's groups list is: a security group, a mail group, or a shared (PUBLIC_MAIL) mailbox. */
export const GroupKind = { SECURITY: 'SECURITY', MAIL: 'MAIL', PUBLIC_MAIL: 'PUBLIC_MAIL' } as const;
export type GroupKind = (typeof GroupKind)[keyof typeof GroupKind];

/** A node of the organisation tree (departments.kind): a company, or a department inside one. */
export const DeptKind = { COMPANY: 'COMPANY', DEPARTMENT: 'DEPARTMENT' } as const;
export type DeptKind = (typeof DeptKind)[keyof typeof DeptKind];

/** An administrator's password reset: a generated one-time password, or only "must change at next sign-in". */
export const PasswordResetMode = { GENERATE: 'GENERATE', MUST_CHANGE: 'MUST_CHANGE' } as const;
export type PasswordResetMode = (typeof PasswordResetMode)[keyof typeof PasswordResetMode];

/** What the workbench does to many selected people at once (users/batch), each person on their own. */
export const UserBatchAction = {
  ENABLE: 'ENABLE', DISABLE: 'DISABLE', MOVE: 'MOVE', DELETE: 'DELETE', END_SESSIONS: 'END_SESSIONS', REQUIRE_PASSWORD_CHANGE: 'REQUIRE_PASSWORD_CHANGE',
  /** An activation link texted to each (users/activation with SMS). */
  SEND_ACTIVATION: 'SEND_ACTIVATION',
} as const;
export type UserBatchAction = (typeof UserBatchAction)[keyof typeof UserBatchAction];

/** How a sign-in attempt ended, as the workbench's sign-in log filters it. */
export const LogResult = { SUCCESS: 'SUCCESS', FAILURE: 'FAILURE' } as const;
export type LogResult = (typeof LogResult)[keyof typeof LogResult];

/** What a security event on the workbench's home page is: a sign-in refused by a lock, a failed second factor, an administrator's change. */
export const SecurityEventKind = { LOCKED: 'LOCKED', SECOND_FACTOR_FAILED: 'SECOND_FACTOR_FAILED', ADMIN_CHANGE: 'ADMIN_CHANGE' } as const;
export type SecurityEventKind = (typeof SecurityEventKind)[keyof typeof SecurityEventKind];

/** The OAuth grants an application may use at the provider (RFC 6749): the code flow always, refresh tokens if chosen. */
export const OidcGrantType = { AUTHORIZATION_CODE: 'authorization_code', REFRESH_TOKEN: 'refresh_token' } as const;
export type OidcGrantType = (typeof OidcGrantType)[keyof typeof OidcGrantType];
