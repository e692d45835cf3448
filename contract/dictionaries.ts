/** Labels of the codes the logs hold, served by the common-select endpoints and used by the forms. */
export const SCENE_CODES: Record<string, { zh: string; en: string }> = {
  LOGIN: { zh: '登录', en: 'Sign-in' },
  LOGOUT: { zh: '退出登录', en: 'Sign-out' },
  VIEW_INFO: { zh: '查看账号信息', en: 'Viewed account information' },
  REGISTER: { zh: '注册账号', en: 'Registered' },
  CHANGE_PASSWORD: { zh: '修改密码', en: 'Changed password' },
  RESET_PASSWORD: { zh: '找回密码', en: 'Reset a forgotten password' },
  BIND_PHONE: { zh: '绑定手机号', en: 'Bound a phone' },
  CHANGE_PHONE: { zh: '更换手机号', en: 'Changed phone' },
  STOP_PHONE: { zh: '停用手机号', en: 'Stopped phone verification' },
  USE_PHONE: { zh: '启用手机号', en: 'Enabled phone verification' },
  BIND_DIRECTORY: { zh: '绑定目录账号', en: 'Linked a directory account' },
  UNBIND_SOCIAL: { zh: '解绑第三方账号', en: 'Unlinked an account' },
  SIGN_OUT_DEVICE: { zh: '下线设备', en: 'Signed out a device' },
  APPLY_PERMISSION: { zh: '申请权限', en: 'Requested a permission' },
  CANCEL_APPLY: { zh: '取消申请', en: 'Cancelled a request' },
  APPROVE_PASS: { zh: '审批通过', en: 'Passed a request' },
  APPROVE_REJECT: { zh: '审批拒绝', en: 'Rejected a request' },
  APPLY_PASSED: { zh: '申请已通过', en: 'Request passed' },
  APPLY_REJECTED: { zh: '申请被拒绝', en: 'Request rejected' },
  CANCEL_APP_PERMISSION: { zh: '取消应用登录权限', en: 'Gave up an application permission' },
  CANCEL_ROLES: { zh: '取消角色', en: 'Gave up roles' },
  RESET_MAILBOX_PASSWORD: { zh: '重置公共邮箱密码', en: 'Reset a public mailbox password' },
  PASSWORD_RESET_BY_MANAGER: { zh: '管理员重置密码', en: 'Password reset by the manager' },
  ADD_GROUP_MEMBERS: { zh: '添加群组成员', en: 'Added group members' },
  REMOVE_GROUP_MEMBERS: { zh: '移除群组成员', en: 'Removed group members' },
  TRANSFER_GROUP: { zh: '移交群组管理员', en: 'Transferred a group' },
  RECEIVE_GROUP: { zh: '接收群组管理员', en: 'Received a group' },
};

/** Kinds of application-access log rows (sign-in methods and launches). */
export const ACCESS_TYPES: Record<string, { zh: string; en: string }> = {
  ACCOUNT: { zh: '账号密码登录', en: 'Password sign-in' },
  MSG_CODE: { zh: '短信验证码登录', en: 'SMS sign-in' },
  LDAP: { zh: '目录账号登录', en: 'Directory sign-in' },
  PA_ACCOUNT: { zh: '统一认证账号登录', en: 'Company token sign-in' },
  SECOND_AUTH: { zh: '二次认证', en: 'Second factor' },
  SSO: { zh: '单点登录应用', en: 'Application launch' },
};

/** Dictionary types of the common-select endpoints. */
export const DICTIONARY_TYPES = { sceneCodes: 14, accessTypes: 15 } as const;
