import type { Lang } from '../../../contract/codes.js';

/**
 * The server's own user-facing texts, besides the result codes' messages (contract/codes.ts): the
 * pages the OpenID provider renders, the password policy's rules as the forms' hint lists them,
 * the audit exports' CSV headers, the texted code, the built-in roles' names and the CSRF refusal.
 * Each is written once with its zh (default) and en wording and `{name}` parameters, as the codes
 * are; `text(key, lang, params)` picks the request's language (`langOf` in server/platform/http/envelope.ts).
 * The browser does not need them: it shows what the server rendered or answered.
 */
export const texts = {
  // The pages the OpenID provider renders (server/protocols/oidc/pages.ts)
  'oidc.consentTitle': { zh: '授权确认', en: 'Allow access' },
  'oidc.consentLead': { zh: '{app} 请求访问您的以下信息：', en: '{app} asks to access:' },
  'oidc.allow': { zh: '同意并继续', en: 'Allow and continue' },
  'oidc.deny': { zh: '拒绝', en: 'Deny' },
  'oidc.logoutTitle': { zh: '退出登录', en: 'Sign out' },
  'oidc.logoutLead': {
    zh: '是否退出统一身份认证门户？退出后，通过门户登录的应用也将一并退出。',
    en: 'Sign out of the identity portal? Applications you signed in to through the portal are signed out too.',
  },
  'oidc.logoutYes': { zh: '退出登录', en: 'Sign out' },
  'oidc.logoutNo': { zh: '保持登录', en: 'Stay signed in' },
  'oidc.loggedOutTitle': { zh: '已退出', en: 'Signed out' },
  'oidc.loggedOutLead': { zh: '您已成功退出登录。', en: 'You have signed out.' },
  'oidc.errorTitle': { zh: '无法完成登录', en: 'Sign-in could not be completed' },
  'oidc.errorLead': { zh: '请求无效或已过期，请返回应用重新登录。', en: 'The request is invalid or has expired. Go back to the application and sign in again.' },
  // The pages the CAS server renders (server/protocols/cas/pages.ts)
  'cas.badServiceTitle': { zh: '无法登录该应用', en: 'Cannot sign in to this application' },
  'cas.badServiceLead': {
    zh: '应用提供的回调地址（service）无效：必须是 http 或 https 地址，且不能包含用户名、密码或 # 片段。请联系应用的管理员。',
    en: 'The address the application gave (service) is not valid: it must be an http or https address without user name, password or # fragment. Contact the application\'s administrator.',
  },
  'cas.unregisteredTitle': { zh: '应用未注册', en: 'Application not registered' },
  'cas.unregisteredLead': {
    zh: '该地址（service）未在统一身份认证门户登记为 CAS 应用，因此无法登录。请联系管理员登记该应用。',
    en: 'This address (service) is not registered with the identity portal as a CAS application, so you cannot sign in to it. Ask an administrator to register it.',
  },
  'cas.backToPortal': { zh: '返回门户首页', en: 'Back to the portal' },
  // The pages the SAML identity provider renders (server/protocols/saml/pages.ts)
  'saml.errorTitle': { zh: '无法完成单点登录', en: 'Single sign-on could not be completed' },
  'saml.errorLead': { zh: '应用发来的登录请求无法被接受。请返回应用重新登录；如问题持续，请将下面的代码告知管理员。', en: 'The sign-in request the application sent cannot be accepted. Go back to the application and sign in again; if it keeps happening, give the code below to your administrator.' },
  'saml.continueTitle': { zh: '正在返回应用', en: 'Returning to the application' },
  'saml.continueLead': { zh: '如果页面没有自动跳转，请点击“继续”。', en: 'If nothing happens, select Continue.' },
  'saml.continue': { zh: '继续', en: 'Continue' },
  'saml.loggedOutTitle': { zh: '已退出', en: 'Signed out' },
  // The scopes a consent page lists
  'oidc.scope.openid': { zh: '确认您的身份', en: 'Who you are' },
  'oidc.scope.profile': { zh: '姓名和账号', en: 'Your name and account name' },
  'oidc.scope.email': { zh: '邮箱地址', en: 'Your email address' },
  'oidc.scope.phone': { zh: '手机号码', en: 'Your phone number' },
  'oidc.scope.roles': { zh: '您在该应用中的角色', en: 'Your roles in this application' },
  'oidc.scope.offline_access': { zh: '在您离开后继续访问', en: 'Access while you are away' },
  // The password policy as the forms' format hint lists it (refusals speak through their E1071x codes)
  'passwordRule.length': { zh: '密码长度须为 {minLength}-{maxLength} 位', en: 'Passwords are {minLength} to {maxLength} characters long' },
  'passwordRule.kinds': { zh: '须包含数字、字母、特殊字符中的至少 {minKinds} 种', en: 'Use at least {minKinds} of: digits, letters, other characters' },
  'passwordRule.containsAccount': { zh: '不能包含账号', en: 'Must not contain the account name' },
  'passwordRule.common': { zh: '不能使用常见弱密码', en: 'Must not be a commonly used password' },
  'passwordRule.sameAsCurrent': { zh: '不能与当前密码相同', en: 'Must differ from the current password' },
  'passwordRule.history': { zh: '不能与最近 {n} 次使用过的密码相同', en: 'Must not be one of your last {n} passwords' },
  // The audit exports' CSV columns and result column (server/audit/adminService.ts)
  'auditCsv.time': { zh: '时间', en: 'Time' },
  'auditCsv.account': { zh: '账号', en: 'Account' },
  'auditCsv.name': { zh: '姓名', en: 'Name' },
  'auditCsv.loginType': { zh: '登录方式', en: 'Type' },
  'auditCsv.application': { zh: '应用', en: 'Application' },
  'auditCsv.result': { zh: '结果', en: 'Result' },
  'auditCsv.code': { zh: '结果码', en: 'Code' },
  'auditCsv.message': { zh: '说明', en: 'Message' },
  'auditCsv.ip': { zh: 'IP', en: 'IP' },
  'auditCsv.device': { zh: '设备', en: 'Device' },
  'auditCsv.risk': { zh: '风险等级', en: 'Risk' },
  'auditCsv.riskSignals': { zh: '风险信号', en: 'Signals' },
  'auditCsv.place': { zh: '位置', en: 'Place' },
  // The audit trail's CSV export (server/audit/trail/service.ts)
  'trailCsv.seq': { zh: '序号', en: 'Seq' },
  'trailCsv.hash': { zh: '哈希', en: 'Hash' },
  'trailCsv.log': { zh: '日志', en: 'Log' },
  'trailCsv.id': { zh: '记录ID', en: 'Record id' },
  'trailCsv.time': { zh: '时间', en: 'Time' },
  'trailCsv.userRef': { zh: '用户ID', en: 'User id' },
  'trailCsv.what': { zh: '操作/登录方式', en: 'Scene or sign-in type' },
  'trailCsv.target': { zh: '对象', en: 'Target' },
  'trailCsv.result': { zh: '结果码', en: 'Code' },
  'trailCsv.ip': { zh: 'IP', en: 'IP' },
  'trailCsv.record': { zh: '规范化记录（哈希输入）', en: 'Canonical record (hashed)' },
  'trailCsv.signInLog': { zh: '登录日志', en: 'sign-in log' },
  'trailCsv.operationLog': { zh: '操作日志', en: 'operation log' },
  'auditCsv.scene': { zh: '操作', en: 'Scene' },
  'auditCsv.target': { zh: '对象', en: 'Target' },
  'auditCsv.changes': { zh: '变更', en: 'Changes' },
  'auditCsv.detail': { zh: '详情', en: 'Detail' },
  'auditCsv.ok': { zh: '成功', en: 'Success' },
  'auditCsv.failed': { zh: '失败', en: 'Failure' },
  // The texted one-time code (server/sms/otp.ts); sent in zh, the number's language being unknown
  'sms.otp': {
    zh: '【统一身份认证】您的验证码为 {code}，{minutes}分钟内有效，请勿泄露给他人。',
    en: '[Identity Portal] Your verification code is {code}, valid for {minutes} minutes. Do not share it with anyone.',
  },
  // The activation link texted to a new person (server/passwords/activation.ts); zh, like the code
  'sms.activation': {
    zh: '【统一身份认证】{name}，您的账号 {account} 已开通，请在 {hours} 小时内打开 {link} 设置登录密码，请勿转发。',
    en: '[Identity Portal] {name}, your account {account} is ready. Open {link} within {hours} hours to set your password. Do not forward this message.',
  },
  // A sign-in from a new device or network, texted to its person (server/risk/alerts.ts); zh, like the code
  'sms.signInAlert': {
    zh: '【统一身份认证】您的账号于 {time} 在 {device} 上登录，来自 {where}。如非本人操作，请打开 {link} 结束所有登录。',
    en: '[Identity Portal] Your account signed in at {time} on {device} from {where}. Not you? Open {link} to end every session.',
  },
  'sms.unknownDevice': { zh: '未知设备', en: 'an unknown device' },
  // The built-in roles' names, stored in zh when the role is first needed (server/organisation/usersAdminService.ts)
  'role.SYS_ADMIN': { zh: '系统管理员', en: 'System administrator' },
  'role.SEC_ADMIN': { zh: '安全管理员', en: 'Security administrator' },
  'role.AUDIT_ADMIN': { zh: '审计管理员', en: 'Audit administrator' },
  'role.DEPT_ADMIN': { zh: '部门管理员', en: 'Department administrator' },
  'role.EMPLOYEE': { zh: '普通员工', en: 'Employee' },
  // A state-changing API call without X-Client-Id (server/platform/http/csrf.ts)
  'csrf.clientIdRequired': { zh: '无权操作 — 缺少 X-Client-Id 请求头', en: 'Forbidden — the X-Client-Id header is required' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type TextKey = keyof typeof texts;

/** Whether a string (e.g. a key built from a scope's name) names a text. */
export function isTextKey(key: string): key is TextKey {
  return Object.prototype.hasOwnProperty.call(texts, key);
}

/** A text in the language asked for, with `{name}` placeholders filled from params. */
export function text(key: TextKey, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const template: string = texts[key][lang];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
