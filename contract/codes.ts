/**
 * Every result code the API can answer, with its zh (default) and en message.
 * The server picks the message from the request's language; the browser may re-translate.
 */
export const codes = {
  D00000: { status: 200, zh: '成功', en: 'Success' },
  E00001: { status: 400, zh: '参数错误', en: 'Invalid input' },
  E00009: { status: 401, zh: '登录过期，请重新登录', en: 'Sign-in expired, please sign in again' },
  E00013: { status: 400, zh: '页面停留时间过长，即将跳转到登录页', en: 'This page was open too long; returning to sign-in' },
  E00403: { status: 403, zh: '无权操作', en: 'Forbidden' },
  E00404: { status: 404, zh: '资源不存在', en: 'Not found' },
  E00408: { status: 429, zh: '发送过于频繁，请稍后再试', en: 'Sent too often, please wait before resending' },
  E00429: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  E00500: { status: 500, zh: '系统繁忙，请稍后重试', en: 'Internal error, please try again later' },
  E30002: { status: 400, zh: '账号或密码错误', en: 'Account or password is wrong' },
  E30051: { status: 400, zh: '账号已停用', en: 'This account is disabled' },
  E30053: { status: 400, zh: '登录失败次数过多，账号已临时锁定，请{minutes}分钟后再试', en: 'Too many failed sign-ins; the account is locked, try again in {minutes} minutes' },
  E30054: { status: 400, zh: '账号已过期', en: 'This account has expired' },
  E30055: { status: 400, zh: '该应用不允许此登录方式', en: 'This sign-in method is not allowed for this application' },
  E30056: { status: 400, zh: '当前IP禁止登录', en: 'Sign-in is refused from this IP address' },
  E30057: { status: 400, zh: '账号未激活', en: 'This account is not activated yet' },
  E30058: { status: 400, zh: '密码已过期，请修改密码', en: 'Your password has expired, please change it' },
  E30065: { status: 400, zh: '您没有该应用的登录权限', en: 'You have no sign-in permission for this application' },
  E30067: { status: 400, zh: '管理员已重置您的密码，请修改密码后登录', en: 'Your password was reset by an administrator; change it to continue' },
  E30074: { status: 400, zh: '账号未绑定手机号，无法进行二次认证，请联系管理员', en: 'No phone is bound to this account, so the second factor cannot be used; contact your administrator' },
  E30075: { status: 400, zh: '手机号或验证码错误', en: 'Phone number or code is wrong' },
  E30076: { status: 400, zh: '目录账号或密码错误', en: 'Directory account or password is wrong' },
  E30127: { status: 400, zh: '请输入图形验证码', en: 'Please enter the picture captcha' },
  E10701: { status: 400, zh: '新密码不符合密码策略', en: 'The new password does not meet the password policy' },
  E10801: { status: 400, zh: '验证码已过期，请重新获取', en: 'The code has expired, please request a new one' },
  E10802: { status: 400, zh: '验证码错误，请重新输入', en: 'Wrong code, please re-enter' },
  E10803: { status: 400, zh: '验证码错误次数过多，已失效，请重新获取', en: 'Too many wrong tries; the code is void, please request a new one' },
  E10805: { status: 400, zh: '该手机号无法接收短信', en: 'SMS cannot be sent to this number' },
  E10806: { status: 429, zh: '今日短信发送次数已达上限', en: 'Daily SMS limit reached for this number' },
  E10807: { status: 400, zh: '短信凭证无效，请重新登录', en: 'SMS ticket is invalid, please sign in again' },
  E10808: { status: 503, zh: '短信服务暂不可用，请稍后再试或使用其他方式', en: 'The SMS service is unavailable; try again later or use another method' },
  E10809: { status: 429, zh: '该账号短信发送次数过多，请1小时后再试', en: 'Too many codes were sent for this account; try again in an hour' },
  E60002: { status: 400, zh: '统一认证登录失败', en: 'Company token sign-in refused' },
  E60003: { status: 429, zh: '发送过于频繁，请稍后再试', en: 'Sent too early, please wait' },
} as const;

export type ResultCode = keyof typeof codes;
export type Lang = 'zh' | 'en';

export const OK: ResultCode = 'D00000';

/** Message for a code, with `{name}` placeholders filled from params. */
export function codeMessage(code: ResultCode, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const template: string = codes[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** The envelope every /idaas response uses. */
export interface Envelope<T = unknown> {
  code: ResultCode | string;
  message: string;
  data: T;
}
