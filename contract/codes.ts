/**
 * Every result code the API can answer, with its zh (default) and en message. These messages are
 * the only user-facing text a refusal carries: a refusal is its code plus `{name}` parameters,
 * never a one-off string, so clients and tests can match on the code and the two languages cannot
 * drift apart. The server picks the message from the request's language; the browser may
 * re-translate.
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
 *   E60xxx  the company directory and company-token sign-in
 * Status is each code's class: 400 a refusal of what was asked, 403 not allowed, 404 the thing
 * named does not exist (for this user), 409 in conflict with the current state (taken, already
 * bound, already decided), 429 a budget spent, 503 a dependency resting. SCIM answers the class
 * as its HTTP status; the /idaas envelope answers `envelopeStatus(code)` (below).
 */
interface ResultEntry {
  /** The wire value: what clients and tests match on. */
  code: `${'D' | 'E'}${number}`;
  status: number;
  zh: string;
  en: string;
}

/**
 * Every result code, written once: its name, its wire value, its status class and its zh and en
 * message. The same number under several local names is how a renumbering gets half done, so a
 * code has exactly one name (checked below). The server throws `new AppError(CODE.x)` and the SPA
 * branches on `CODE.x`; only the tests spell the wire values, since that is what a client sees.
 * `codes` (by wire value) and `CODE` (name to wire value) are derived from this table.
 */
const RESULTS = {
  ok: { code: 'D00000', status: 200, zh: '成功', en: 'Success' },
  // E00xxx any endpoint
  invalidInput: { code: 'E00001', status: 400, zh: '参数错误', en: 'Invalid input' },
  cipherUndecryptable: { code: 'E00002', status: 400, zh: '加密数据无法解密：{field}', en: 'The encrypted value could not be decrypted: {field}' },
  cipherReplayed: { code: 'E00003', status: 400, zh: '加密数据已被使用，请重新提交：{field}', en: 'The encrypted value was already used; submit again: {field}' },
  notSignedIn: { code: 'E00009', status: 401, zh: '登录过期，请重新登录', en: 'Sign-in expired, please sign in again' },
  ticketExpired: { code: 'E00013', status: 400, zh: '页面停留时间过长，即将跳转到登录页', en: 'This page was open too long; returning to sign-in' },
  forbidden: { code: 'E00403', status: 403, zh: '无权操作', en: 'Forbidden' },
  notFound: { code: 'E00404', status: 404, zh: '资源不存在', en: 'Not found' },
  sentTooOften: { code: 'E00408', status: 429, zh: '发送过于频繁，请稍后再试', en: 'Sent too often, please wait before resending' },
  bodyTooLarge: { code: 'E00413', status: 413, zh: '请求内容过大', en: 'The request is too large' },
  tooManyRequests: { code: 'E00429', status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  internalError: { code: 'E00500', status: 500, zh: '系统繁忙，请稍后重试', en: 'Internal error, please try again later' },
  storeUnavailable: { code: 'E00503', status: 503, zh: '服务暂时不可用，请稍后重试', en: 'The service is briefly unavailable, please try again shortly' },
  // E30xxx sign-in
  accountOrPasswordWrong: { code: 'E30002', status: 400, zh: '账号或密码错误', en: 'Account or password is wrong' },
  accountRequired: { code: 'E30003', status: 400, zh: '请输入账号', en: 'Enter the account' },
  mobileAsAccount: { code: 'E30004', status: 400, zh: '不支持手机号登录', en: 'A mobile number cannot be used as the account' },
  accountDisabled: { code: 'E30051', status: 400, zh: '账号已停用', en: 'This account is disabled' },
  accountLocked: { code: 'E30053', status: 400, zh: '登录失败次数过多，账号已临时锁定，请{minutes}分钟后再试', en: 'Too many failed sign-ins; the account is locked, try again in {minutes} minutes' },
  accountExpired: { code: 'E30054', status: 400, zh: '账号已过期', en: 'This account has expired' },
  loginTypeNotAllowed: { code: 'E30055', status: 400, zh: '该应用不允许此登录方式', en: 'This sign-in method is not allowed for this application' },
  ipRefused: { code: 'E30056', status: 400, zh: '当前IP禁止登录', en: 'Sign-in is refused from this IP address' },
  accountNotActivated: { code: 'E30057', status: 400, zh: '账号未激活', en: 'This account is not activated yet' },
  passwordExpired: { code: 'E30058', status: 400, zh: '密码已过期，请修改密码', en: 'Your password has expired, please change it' },
  noAppPermission: { code: 'E30065', status: 400, zh: '您没有该应用的登录权限', en: 'You have no sign-in permission for this application' },
  unknownApp: { code: 'E30066', status: 404, zh: '应用不存在', en: 'Unknown application' },
  passwordResetByAdmin: { code: 'E30067', status: 400, zh: '管理员已重置您的密码，请修改密码后登录', en: 'Your password was reset by an administrator; change it to continue' },
  /** The second factor needs a bound phone and there is none. */
  secondFactorNoPhone: { code: 'E30074', status: 400, zh: '账号未绑定手机号，无法进行二次认证，请联系管理员', en: 'No phone is bound to this account, so the second factor cannot be used; contact your administrator' },
  phoneOrCodeWrong: { code: 'E30075', status: 400, zh: '手机号或验证码错误', en: 'Phone number or code is wrong' },
  directoryPasswordWrong: { code: 'E30076', status: 400, zh: '目录账号或密码错误', en: 'Directory account or password is wrong' },
  captchaRequired: { code: 'E30127', status: 400, zh: '请输入图形验证码', en: 'Please enter the picture captcha' },
  // E3009x single sign-on into applications
  /** A legacy application's back end presented a wrong client id or secret when redeeming a code. */
  clientAuthFailed: { code: 'E30091', status: 401, zh: '应用身份认证失败：客户端标识或密钥错误', en: 'Application authentication failed: wrong client id or client secret' },
  /** An OpenID Connect application has no one-time launch code (it starts its own sign-in). */
  appUsesOidc: { code: 'E30092', status: 409, zh: '该应用通过 OpenID Connect 登录，不使用一次性登录码', en: 'This application signs in with OpenID Connect, not with a one-time launch code' },
  // E106xx registration
  registrationClosed: { code: 'E10601', status: 403, zh: '当前未开放注册', en: 'Registration is switched off' },
  accountNameTaken: { code: 'E10602', status: 409, zh: '账户名已被使用', en: 'This account name is taken' },
  mobileRegistered: { code: 'E10603', status: 409, zh: '该手机号已注册', en: 'This mobile number is already registered' },
  accountOrMobileTaken: { code: 'E10604', status: 409, zh: '账户名或手机号已被使用', en: 'The account name or mobile number is taken' },
  accountNameInvalid: { code: 'E10605', status: 400, zh: '请输入正确的账户名：4-40 位字母、数字、点、下划线或连字符', en: 'The account name must be 4 to 40 letters, digits, dots, underscores or hyphens' },
  emailInvalid: { code: 'E10606', status: 400, zh: '邮箱格式不正确', en: 'The email address is not valid' },
  // E107xx passwords
  /** The policy family the specs name; the server answers the rule's own code (E1071x) instead. */
  passwordPolicy: { code: 'E10701', status: 400, zh: '新密码不符合密码策略', en: 'The new password does not meet the password policy' },
  currentPasswordWrong: { code: 'E10702', status: 400, zh: '原密码错误', en: 'The current password is wrong' },
  newPasswordsDiffer: { code: 'E10703', status: 400, zh: '两次输入的密码不一致', en: 'The two new passwords differ' },
  passwordLength: { code: 'E10711', status: 400, zh: '新密码不符合密码策略：密码长度须为 {minLength}-{maxLength} 位', en: 'The new password does not meet the policy: passwords are {minLength} to {maxLength} characters long' },
  passwordKinds: { code: 'E10712', status: 400, zh: '新密码不符合密码策略：须包含数字、字母、特殊字符中的至少 {minKinds} 种', en: 'The new password does not meet the policy: use at least {minKinds} of digits, letters, other characters' },
  passwordContainsAccount: { code: 'E10713', status: 400, zh: '新密码不符合密码策略：不能包含账号', en: 'The new password does not meet the policy: it must not contain the account name' },
  passwordCommon: { code: 'E10714', status: 400, zh: '新密码不符合密码策略：不能使用常见弱密码', en: 'The new password does not meet the policy: it must not be a commonly used password' },
  passwordSameAsCurrent: { code: 'E10715', status: 400, zh: '新密码不符合密码策略：不能与当前密码相同', en: 'The new password does not meet the policy: it must differ from the current password' },
  passwordReused: { code: 'E10716', status: 400, zh: '新密码不符合密码策略：不能与最近 {n} 次使用过的密码相同', en: 'The new password does not meet the policy: it must not be one of your last {n} passwords' },
  // E108xx texted codes and SMS budgets
  codeExpired: { code: 'E10801', status: 400, zh: '验证码已过期，请重新获取', en: 'The code has expired, please request a new one' },
  /** A texted code, or the answer to a picture captcha, is wrong. */
  codeWrong: { code: 'E10802', status: 400, zh: '验证码错误，请重新输入', en: 'Wrong code, please re-enter' },
  codeVoid: { code: 'E10803', status: 400, zh: '验证码错误次数过多，已失效，请重新获取', en: 'Too many wrong tries; the code is void, please request a new one' },
  smsRefused: { code: 'E10805', status: 400, zh: '该手机号无法接收短信', en: 'SMS cannot be sent to this number' },
  smsDailyLimit: { code: 'E10806', status: 429, zh: '今日短信发送次数已达上限', en: 'Daily SMS limit reached for this number' },
  smsTicketInvalid: { code: 'E10807', status: 400, zh: '短信凭证无效，请重新登录', en: 'SMS ticket is invalid, please sign in again' },
  smsGatewayResting: { code: 'E10808', status: 503, zh: '短信服务暂不可用，请稍后再试或使用其他方式', en: 'The SMS service is unavailable; try again later or use another method' },
  smsAccountHourly: { code: 'E10809', status: 429, zh: '该账号短信发送次数过多，请1小时后再试', en: 'Too many codes were sent for this account; try again in an hour' },
  // E109xx the phone
  mobileBoundElsewhere: { code: 'E10901', status: 409, zh: '该手机号已绑定其他账号', en: 'This number is already bound to another account' },
  phoneAlreadyBound: { code: 'E10902', status: 409, zh: '已绑定手机号，请使用更换手机号', en: 'A phone is already bound; use change phone' },
  mobileUnchanged: { code: 'E10903', status: 400, zh: '新手机号不能与原手机号相同', en: 'The new number must differ from the current one' },
  phoneNotBound: { code: 'E10904', status: 400, zh: '账号未绑定手机号', en: 'No phone is bound to this account' },
  noUsablePhone: { code: 'E10905', status: 400, zh: '账号未绑定可用的手机号，无法使用该方式', en: 'This account has no usable phone, so this method cannot be used' },
  mobileInvalid: { code: 'E10906', status: 400, zh: '手机号格式错误，请输入正确的手机号', en: 'The mobile number is not valid; enter a mainland mobile number' },
  // E110xx second factors: authenticator app (E1100x), passkeys (E1101x), recovery codes (E1102x), re-authentication and policy (E1103x)
  totpWrong: { code: 'E11001', status: 400, zh: '动态验证码错误', en: 'The authenticator code is wrong' },
  totpReplayed: { code: 'E11002', status: 400, zh: '该动态验证码已使用，请等待下一个验证码', en: 'This authenticator code was already used; wait for the next one' },
  totpLocked: { code: 'E11003', status: 400, zh: '动态验证码错误次数过多，验证器已锁定，请{minutes}分钟后再试', en: 'Too many wrong authenticator codes; the app is locked, try again in {minutes} minutes' },
  factorNotSetUp: { code: 'E11004', status: 400, zh: '未设置该验证方式', en: 'This verification method is not set up for the account' },
  totpAlreadySetUp: { code: 'E11005', status: 409, zh: '已绑定身份验证器应用，请先移除后再重新绑定', en: 'An authenticator app is already set up; remove it before adding another' },
  totpNotStarted: { code: 'E11006', status: 400, zh: '请先获取新的密钥后再确认', en: 'Start the authenticator setup again before confirming' },
  passkeyFailed: { code: 'E11010', status: 400, zh: '通行密钥验证失败', en: 'The passkey could not be verified' },
  passkeyChallengeExpired: { code: 'E11011', status: 400, zh: '通行密钥验证已过期，请重试', en: 'The passkey request expired; try again' },
  passkeyUnknown: { code: 'E11012', status: 400, zh: '该通行密钥未在本账号登记或已被移除', en: 'This passkey is not registered to an account here, or was removed' },
  passkeyRegistered: { code: 'E11013', status: 409, zh: '该通行密钥已登记', en: 'This passkey is already registered' },
  passkeyLimit: { code: 'E11014', status: 409, zh: '每个账号最多登记 {max} 个通行密钥', en: 'An account can hold at most {max} passkeys' },
  recoveryCodeWrong: { code: 'E11020', status: 400, zh: '恢复码错误或已使用', en: 'The recovery code is wrong or was already used' },
  reauthRequired: { code: 'E11030', status: 400, zh: '请先验证身份（{minutes}分钟内有效）', en: 'Confirm it is you first (valid for {minutes} minutes)' },
  passkeyRequired: { code: 'E11031', status: 400, zh: '安全策略要求使用通行密钥完成验证', en: 'The security policy requires a passkey for this account' },
  lastRequiredFactor: { code: 'E11032', status: 409, zh: '这是安全策略要求的最后一个验证方式，请先添加其他方式再移除', en: 'This is the last verification method the security policy requires; add another before removing it' },
  /** The phone is the only second factor this sign-in will have: its step cannot be skipped. */
  phoneStepRequired: { code: 'E11033', status: 400, zh: '安全策略要求二次认证，请绑定手机号后继续', en: 'The security policy requires a second factor; bind the phone to continue' },
  // E201xx permission requests and approvals
  duplicateRequest: { code: 'E20101', status: 409, zh: '已有相同的申请正在审批中，请勿重复申请', en: 'The same request is already awaiting approval' },
  appUnavailable: { code: 'E20102', status: 404, zh: '所选应用不存在或已停用', en: 'The chosen application does not exist or is disabled' },
  roleNotOfApp: { code: 'E20103', status: 400, zh: '角色不属于该应用', en: 'A role does not belong to this application' },
  roleRequired: { code: 'E20104', status: 400, zh: '该应用须至少选择一个角色', en: 'Choose at least one role for this application' },
  permissionHeld: { code: 'E20105', status: 409, zh: '您已拥有该应用的登录权限', en: 'You already hold sign-in permission for this application' },
  requestNotPending: { code: 'E20106', status: 409, zh: '只能取消审批中的申请', en: 'Only a request awaiting approval can be cancelled' },
  notApproverOfAll: { code: 'E20107', status: 403, zh: '所选申请中包含您无权审批的数据', en: 'The selection contains requests you may not decide' },
  alreadyDecided: { code: 'E20108', status: 409, zh: '所选申请中包含已被审批的数据，请刷新后重试', en: 'Some of the selected requests were already decided; refresh and try again' },
  rolesHeld: { code: 'E20109', status: 409, zh: '您已拥有所选角色：{roles}', en: 'You already hold the chosen roles: {roles}' },
  // E202xx permissions and roles held
  permissionNotHeld: { code: 'E20201', status: 404, zh: '您没有该应用的登录权限', en: 'You hold no sign-in permission for this application' },
  rolesNotHeld: { code: 'E20202', status: 404, zh: '所选角色不是您直接拥有的角色', en: 'You do not directly hold the selected roles' },
  // E203xx groups and public mailboxes
  unknownUsers: { code: 'E20301', status: 404, zh: '用户不存在：{accounts}', en: 'Unknown users: {accounts}' },
  managerIsSelf: { code: 'E20302', status: 400, zh: '新管理员不能是自己', en: 'The new manager must be someone else' },
  mailboxPasswordRequired: { code: 'E20303', status: 400, zh: '密码不能为空', en: 'Enter a password or have one generated' },
  // E204xx devices
  currentDevice: { code: 'E20401', status: 409, zh: '当前设备请使用退出登录', en: 'Use sign-out for the device you are using' },
  // E401xx workbench: organisation and users
  orgMoveCycle: { code: 'E40101', status: 400, zh: '不能移动到自身或其下级节点之下', en: 'A node cannot be moved under itself or one of its descendants' },
  orgHasChildren: { code: 'E40102', status: 409, zh: '该节点下还有下级部门，不能删除', en: 'This node still has departments under it; it cannot be deleted' },
  orgHasUsers: { code: 'E40103', status: 409, zh: '该节点下还有用户，不能删除', en: 'People are still placed in this node; it cannot be deleted' },
  orgParentInvalid: { code: 'E40104', status: 400, zh: '部门须位于公司或部门之下，公司只能位于顶层或其他公司之下', en: 'A department must sit under a company or department; a company sits at the top or under another company' },
  orgNameTaken: { code: 'E40105', status: 409, zh: '同一上级下已有同名节点', en: 'A node with this name already exists under the same parent' },
  deptUnknown: { code: 'E40110', status: 404, zh: '部门不存在', en: 'The department does not exist' },
  selfDisable: { code: 'E40111', status: 400, zh: '不能停用自己的账号', en: 'You cannot disable your own account' },
  userNoPassword: { code: 'E40112', status: 409, zh: '该账号尚未设置密码，请生成新密码', en: 'This account has no password yet; generate one instead' },
  importDuplicateAccount: { code: 'E40120', status: 400, zh: '文件中账号重复', en: 'The account appears more than once in the file' },
  importDuplicateMobile: { code: 'E40121', status: 400, zh: '文件中手机号重复', en: 'The mobile number appears more than once in the file' },
  importDeptAmbiguous: { code: 'E40122', status: 400, zh: '有多个同名部门，请填写完整路径（如 公司/部门）', en: 'Several departments have this name; give its path (Company/Department)' },
  importTypeInvalid: { code: 'E40123', status: 400, zh: '用户类型须为 STAFF、TEMP 或 PUBLIC_MAIL', en: 'The type must be STAFF, TEMP or PUBLIC_MAIL' },
  importFieldMissing: { code: 'E40124', status: 400, zh: '缺少必填项：{field}', en: 'A required value is missing: {field}' },
  importFieldTooLong: { code: 'E40125', status: 400, zh: '内容过长：{field}', en: 'The value is too long: {field}' },
  importColumns: { code: 'E40126', status: 400, zh: '该行列数与表头不一致', en: 'The row does not have as many columns as the header' },
  importHeader: { code: 'E40127', status: 400, zh: '第一行须为表头：{columns}', en: 'The first line must be the header {columns}' },
  importMalformed: { code: 'E40128', status: 400, zh: '文件不是有效的 CSV（第 {line} 行）', en: 'The file is not valid CSV (line {line})' },
  importTooManyRows: { code: 'E40129', status: 400, zh: '每个文件最多 {max} 行', en: 'At most {max} rows per file' },
  importBusy: { code: 'E40130', status: 429, zh: '正在处理的导入文件较多，请稍后重试', en: 'Too many import files are being processed; please try again in a moment' },
  // E402xx workbench: applications
  appIdTaken: { code: 'E40201', status: 409, zh: '应用标识已被使用', en: 'This application id is taken' },
  clientIdTaken: { code: 'E40202', status: 409, zh: '客户端标识已被使用', en: 'This client id is taken' },
  roleCodeTaken: { code: 'E40203', status: 409, zh: '该应用已有相同编码的角色', en: 'This application already has a role with this code' },
  roleHeld: { code: 'E40204', status: 409, zh: '仍有用户持有该角色，请先收回其应用权限', en: 'Someone still holds this role; revoke their access to the application first' },
  roleRequested: { code: 'E40205', status: 409, zh: '有待审批的申请包含该角色，请先审批', en: 'A request awaiting approval names this role; decide it first' },
  unknownGroups: { code: 'E40206', status: 404, zh: '用户组不存在：{groups}', en: 'Unknown groups: {groups}' },
  oidcRedirectUriRequired: { code: 'E40207', status: 400, zh: 'OpenID Connect 应用至少需要一个回调地址', en: 'An OpenID Connect application needs at least one redirect URI' },
  // E403xx workbench: groups, mailboxes, requests, notices
  groupCodeTaken: { code: 'E40301', status: 409, zh: '组编码已被使用', en: 'This group code is taken' },
  mailGroupNeedsEmail: { code: 'E40302', status: 400, zh: '邮件组须填写邮箱地址', en: 'A mail group needs an email address' },
  securityGroupHasNoEmail: { code: 'E40303', status: 400, zh: '安全组没有邮箱地址', en: 'A security group has no email address' },
  noticePublished: { code: 'E40304', status: 409, zh: '该公告已发布', en: 'This notice is already published' },
  noticeNotPublished: { code: 'E40305', status: 409, zh: '该公告未发布', en: 'This notice is not published' },
  // E404xx workbench: policies, sessions, audit
  policyLengthRange: { code: 'E40401', status: 400, zh: '密码最小长度不能大于最大长度', en: 'The minimum password length cannot exceed the maximum' },
  policyReminderNotBeforeExpiry: { code: 'E40402', status: 400, zh: '密码到期提醒天数须小于有效期天数', en: 'The reminder must come before the password expires: reminder days must be fewer than expiry days' },
  policyCaptchaNotBeforeLock: { code: 'E40403', status: 400, zh: '出现图形验证码的失败次数须小于锁定账号的失败次数', en: 'The captcha must appear before the lock: its failure count must be below the lock count' },
  policyIdleBeyondAbsolute: { code: 'E40404', status: 400, zh: '会话空闲时长不能超过会话最长时长', en: 'The session idle timeout cannot exceed the absolute session lifetime' },
  currentSession: { code: 'E40411', status: 409, zh: '当前会话请使用退出登录', en: 'Use sign-out to end the session you are using' },
  // E405xx provisioning (SCIM)
  scimTokenRevoked: { code: 'E40501', status: 409, zh: '该令牌已吊销', en: 'This token is already revoked' },
  scimUnauthorized: { code: 'E40502', status: 401, zh: 'SCIM 令牌缺失、无效或已吊销', en: 'The SCIM bearer token is missing, unknown or revoked' },
  scimInvalidFilter: { code: 'E40503', status: 400, zh: '过滤条件无效：{reason}', en: 'Invalid filter: {reason}' },
  scimInvalidPath: { code: 'E40504', status: 400, zh: 'PATCH 路径无效：{path}', en: 'Invalid PATCH path: {path}' },
  scimNoTarget: { code: 'E40505', status: 400, zh: 'PATCH 路径未匹配任何值：{path}', en: 'The PATCH path matches nothing: {path}' },
  scimMutability: { code: 'E40506', status: 400, zh: '属性不可修改：{attribute}', en: 'This attribute cannot be changed: {attribute}' },
  scimVersionMismatch: { code: 'E40507', status: 412, zh: '资源已被修改，请重新读取后再试', en: 'The resource changed since the version given; read it again' },
  scimUserHoldsRecords: { code: 'E40508', status: 409, zh: '该用户仍管理群组、邮箱或下属，或留有管理操作记录，无法删除，请改为停用', en: 'The user still manages groups, mailboxes or people, or has made administrative changes; disable the account instead' },
  scimInvalidSyntax: { code: 'E40509', status: 400, zh: '请求格式错误：{reason}', en: 'Malformed request: {reason}' },
  scimUnknownUsers: { code: 'E40510', status: 400, zh: '用户不存在：{ids}', en: 'No user has these ids: {ids}' },
  // E60xxx the company directory and company-token sign-in
  casRefused: { code: 'E60002', status: 400, zh: '统一认证登录失败', en: 'Company token sign-in refused' },
  casResendTooEarly: { code: 'E60003', status: 429, zh: '发送过于频繁，请稍后再试', en: 'Sent too early, please wait' },
  directoryAlreadyLinked: { code: 'E60004', status: 409, zh: '该账号已绑定其他目录账号，请联系管理员', en: 'This account is already linked to another directory account; contact the administrator' },
} as const satisfies Record<string, ResultEntry>;

type Results = typeof RESULTS;
type Name = keyof Results;

/** Every result code by wire value: its status class and zh and en message. */
export const codes = Object.fromEntries(
  Object.values(RESULTS).map(({ code, status, zh, en }) => [code, { status, zh, en }]),
) as unknown as { readonly [N in Name as Results[N]['code']]: Omit<Results[N], 'code'> };

export type ResultCode = keyof typeof codes;
export type Lang = 'zh' | 'en';

/** Every result code by name: `CODE.x` is the literal wire value. */
export const CODE = Object.fromEntries(Object.entries(RESULTS).map(([name, { code }]) => [name, code])) as unknown as {
  readonly [N in Name]: Results[N]['code'];
};

type MustBeNever<T extends never> = T;
/** The names whose code another name also has: none, or this fails to compile. */
export type DoublyNamedCode = MustBeNever<
  { [N in Name]: Results[N]['code'] extends { [M in Exclude<Name, N>]: Results[M]['code'] }[Exclude<Name, N>] ? N : never }[Name]
>;
/** The codes without a name in CODE: none, since every code is written under its name. */
export type UnnamedCode = MustBeNever<Exclude<ResultCode, (typeof CODE)[keyof typeof CODE]>>;

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
  signInWarnings: ['E30002', 'E30051', 'E30053', 'E30054', 'E30055', 'E30056', 'E30057', 'E30065', 'E30075', 'E30076'],
  /** The password must (E30067) or should (E30058) be changed: data.srmi opens /resetPassword. */
  passwordChangeRequired: ['E30058', 'E30067'],
} as const satisfies Record<string, readonly ResultCode[]>;

/** Whether a code (from an envelope, or '' when there was none) is one of `group`. */
export function codeIn(group: readonly ResultCode[], code: string): boolean {
  return (group as readonly string[]).includes(code);
}

/** Whether any string (from an envelope, a stored row, a file's check) is a result code. */
export function isResultCode(code: string): code is ResultCode {
  return Object.prototype.hasOwnProperty.call(codes, code);
}

/** Message for a code, with `{name}` placeholders filled from params. */
export function codeMessage(code: ResultCode, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const template: string = codes[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** Refusals of a request that is not well formed: the only ones the envelope answers with 400. */
const MALFORMED: ReadonlySet<ResultCode> = new Set<ResultCode>(['E00001', 'E00002', 'E00003']);

/**
 * The HTTP status of a refusal in the /idaas envelope. The status says whether the call worked
 * as a call — malformed (400), no session (401), not allowed (403), nothing there (404), slow down
 * (429), our failure (5xx) — and the code says what the product decided. A decision on a
 * well-formed, authorised call (wrong password or code, a policy rule, an account's state, a name
 * already taken, a request already decided) is the product working: 200 with the refusal code, so
 * browsers do not log a normal morning as failed loads and error-rate alerts see only failures.
 * See docs/DECISIONS.md "Status classes of refusals".
 */
export function envelopeStatus(code: ResultCode): number {
  const { status } = codes[code];
  if (status === 409) return 200;
  if (status === 400 && !MALFORMED.has(code)) return 200;
  return status;
}

/** The envelope every /idaas response uses. */
export interface Envelope<T = unknown> {
  code: ResultCode | string;
  message: string;
  data: T;
}
