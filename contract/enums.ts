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
