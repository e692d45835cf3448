/** Endpoint paths under the /idaas prefix, exactly as the specs name them. */

/** /permissionsNone?reason=network: refused for where the launch came from (the application's network zones), not for a missing permission. */
export const NETWORK_REASON = 'network';

export const API_PREFIX = '/idaas';

export const paths = {
  system: {
    loginPageConfig: '/system/v1/config/index-page/query-certification',
    commonSelect: '/system/v1/common-select/get-by-type',
  },
  auth: {
    sm2Key: '/auth/v1/sm2_key',
    pacasSm2Key: '/auth/v1/pacas/sm2-key',
    appLoginConfig: '/auth/v1/get-app-login-config',
    appBrand: '/auth/v1/app-brand',
    sessionState: '/auth/v1/session-state',
    ipCheck: '/auth/v1/ip-check',
    loginCheck: '/auth/v1/login-check',
    msgLoginCheck: '/auth/v1/msg-login/login-check',
    sendMsgLogin: '/auth/v1/send-msg/msg-login',
    captcha: '/auth/v1/pacas/get-valid-code',
    slider: '/auth/v1/pacas/slide-register',
    logout: '/auth/v1/logout',
    ssoGo: '/auth/v1/sso/go/:clientId',
    applyToken: '/auth/v1/apply-token',
    ssoRedeem: '/auth/v1/sso/redeem',
    pacasAuthenticate: '/auth/v1/pacas/authenticate',
    pacasSendMsg: '/auth/v1/pacas/send-msg',
    pacasBind: '/auth/v1/pacas/binding-master-account',
    secondAuthSend: '/auth/v1/send-msg/second-auth',
    secondAuth: '/auth/v1/second-auth',
    secondAuthAppInfo: '/auth/v1/second-auth/app-info',
    continueLogin: '/auth/v1/self-service/continue',
    oidcSecondFactor: '/auth/v1/oidc/second-factor/:uid',
    signOnSecondFactor: '/auth/v1/sign-on/second-factor',
  },
  user: {
    currentUserDetail: '/user/v1/current-user-detail',
    sendSmsByScene: '/user/v1/auth/send-sms-by-scene',
    bindPhone: '/user/v1/auth/bind-phone/bind',
    skipStep: '/user/v1/auth/bind-phone/skip',
    updatePwdBySms: '/user/v1/auth/update-pwd-by-sms',
    updatePwdByOld: '/user/v1/auth/update-pwd-by-old',
    pwdAuthGetPhone: '/user/v1/pwd/change/auth/get-phone',
    pwdAuthSendOtp: '/user/v1/pwd/change/auth/send-otp',
    pwdAuthSaveByOtp: '/user/v1/pwd/change/auth/save-by-otp',
    pwdAuthSaveByOld: '/user/v1/pwd/change/auth/save-by-ori-pwd',
    forgetVerifyAccount: '/user/v1/pwd/forget/verify-account',
    forgetSendOtp: '/user/v1/pwd/forget/send-otp',
    forgetVerifyOtp: '/user/v1/pwd/forget/verify-otp',
    forgetSave: '/user/v1/pwd/forget/save-by-otp',
    activationDetail: '/user/v1/activation/detail',
    activationComplete: '/user/v1/activation/complete',
  },
  message: {
    captchaGen: '/message/v1/captcha/gen',
  },
  personal: {
    currentUserDetail: '/personal/v1/current-user-detail',
    userApps: '/personal/v1/user-app/list-by-user',
    todayNum: '/personal/v1/today/num',
    safetyScore: '/personal/v1/safety-score',
    access: '/personal/v1/access',
    pwdStrategy: '/personal/v1/pwd/strategy/detail',
    register: '/personal/v1/add',
    registerSendCode: '/personal/v1/add/send-code',
    pwdPersonGetPhone: '/personal/v1/pwd/change/person/get-phone',
    pwdPersonSendOtp: '/personal/v1/pwd/change/person/send-otp',
    pwdPersonSaveByOtp: '/personal/v1/pwd/change/person/save-by-otp',
    pwdPersonSaveByOld: '/personal/v1/pwd/change/person/save-by-ori-pwd',
    useMobile: '/personal/v1/use-mobile',
    stopMobile: '/personal/v1/stop-mobile',
    socialList: '/personal/v1/social-auth/page-list',
    socialUnbind: '/personal/v1/social-auth/unbind-self',
    bindMobileSend: '/personal/v1/bind-mobile/send-otp',
    bindMobileSave: '/personal/v1/bind-mobile/save',
    changeMobileGetPhone: '/personal/v1/change-mobile/get-phone',
    changeMobileSendOld: '/personal/v1/change-mobile/send-old-otp',
    changeMobileVerifyOld: '/personal/v1/change-mobile/verify-old-otp',
    changeMobileSendNew: '/personal/v1/change-mobile/send-new-otp',
    changeMobileSetNew: '/personal/v1/change-mobile/set-new-mobile',
    devices: '/personal/v1/device/list',
    deviceSignOut: '/personal/v1/device/sign-out',
    appLog: '/personal/v1/login-history/page-list',
    operationLog: '/personal/v1/operate/page-list',
    homeContent: '/personal/v1/home/content',
    noticeOpen: '/personal/v1/home/notice/open',
    pubMailList: '/personal/v1/pub-mail/list',
    pubMailResetPwd: '/personal/v1/pub-mail/reset-pwd',
    groupList: '/personal/v1/group/page-list',
    memberList: '/personal/v1/group/member/page-list',
    memberAdd: '/personal/v1/group/member/add-batch',
    memberRemove: '/personal/v1/group/member/remove-batch',
    userSearch: '/personal/v1/page/normal/by-userid-or-name',
    groupManagerUpdate: '/personal/v1/group/manager-update',
  },
  auty: {
    userRoles: '/auty/v1/group/authority/user-roles',
    rolesByApp: '/auty/v1/group/role/list/by-app-id',
    myRequests: '/auty/v1/apply/page-list/by-apply-user-id',
    apply: '/auty/v1/apply/add',
    cancelApply: '/auty/v1/apply/terminated',
    applyDetail: '/auty/v1/apply/detail',
    awaitingApproval: '/auty/v1/apply/page-list/by-approval-user-id',
    approve: '/auty/v1/apply/approval',
    myPermissions: '/auty/v1/user-app/list-with-role-by-user',
    cancelAppPermission: '/auty/v1/user-app/terminated',
    directRoles: '/auty/v1/group/authority/user-direct-roles',
    cancelRoles: '/auty/v1/group/authority/user-roles-terminated',
  },
  log: {
    commonSelect: '/log/v1/common-select/get-by-type',
  },
  app: {
    appsByName: '/app/v1/appinfo/query-app-by-name',
  },
  /** Second factors: the second-factor step, passwordless sign-in, the enrolment step, account security, the workbench. */
  factors: {
    signInFactors: '/auth/v1/second-auth/factors',
    signInTotp: '/auth/v1/second-auth/totp',
    signInRecoveryCode: '/auth/v1/second-auth/recovery-code',
    signInPasskeyOptions: '/auth/v1/second-auth/passkey/options',
    signInPasskey: '/auth/v1/second-auth/passkey',
    passkeyLoginOptions: '/auth/v1/passkey/options',
    passkeyLogin: '/auth/v1/passkey/login-check',
    enrolTotpStart: '/user/v1/auth/factor-enrol/totp/start',
    enrolTotpConfirm: '/user/v1/auth/factor-enrol/totp/confirm',
    enrolPasskeyOptions: '/user/v1/auth/factor-enrol/passkey/options',
    enrolPasskey: '/user/v1/auth/factor-enrol/passkey/register',
    list: '/personal/v1/factors/list',
    reauthPassword: '/personal/v1/factors/reauth/password',
    reauthTotp: '/personal/v1/factors/reauth/totp',
    reauthPasskeyOptions: '/personal/v1/factors/reauth/passkey/options',
    reauthPasskey: '/personal/v1/factors/reauth/passkey',
    totpStart: '/personal/v1/factors/totp/start',
    totpConfirm: '/personal/v1/factors/totp/confirm',
    totpRemove: '/personal/v1/factors/totp/remove',
    passkeyOptions: '/personal/v1/factors/passkey/options',
    passkeyRegister: '/personal/v1/factors/passkey/register',
    passkeyRename: '/personal/v1/factors/passkey/rename',
    passkeyRemove: '/personal/v1/factors/passkey/remove',
    recoveryCodesGenerate: '/personal/v1/factors/recovery-codes/generate',
    adminUserFactors: '/admin/v1/users/factors/get',
    adminUserFactorsReset: '/admin/v1/users/factors/reset',
  },
  /** Sign-in alerts: "this was not me" from the texted link (public) and the personal centre's list. */
  signInAlerts: {
    notMePeek: '/auth/v1/not-me/peek',
    notMe: '/auth/v1/not-me',
    list: '/personal/v1/sign-in-alerts/list',
    read: '/personal/v1/sign-in-alerts/read',
    disown: '/personal/v1/sign-in-alerts/disown',
  },
  dev: {
    sms: '/dev/sms',
    outbox: '/dev/sms/outbox',
    captcha: '/dev/captcha',
  },
} as const;

/**
 * Pages of the single-page app the server sends a browser to (the sso/go redirects). The SPA's
 * router declares the same paths (src/App.tsx, src/config.ts LOGIN_PATH).
 */
export const SPA_PATHS = {
  login: '/login',
  permissionsNone: '/permissionsNone',
  notFound: '/404',
} as const;

/** Where a launch refused for `appId` lands: the page names the application, and says why when it is the network. */
export function refusedLaunchPage(appId: string, reason?: typeof NETWORK_REASON): string {
  return `${SPA_PATHS.permissionsNone}?${new URLSearchParams({ appId, ...(reason ? { reason } : {}) }).toString()}`;
}

/** Fills `:param` segments of a path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}
