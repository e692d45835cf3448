import type { LoginPageConfig, LoginTypeConfig } from '../../contract/schemas/auth.js';

export const defaultLoginPage: LoginPageConfig = {
  id: 'default',
  imageUrl: '',
  logoUrl: '',
  companyName: '星河科技统一身份认证平台',
  versionInfo: 'v0.1.0',
};

const links = { forgetPasswordUrl: '/forgetPassword', updatePasswordUrl: '/resetPassword', umSelfHelpUrl: '', adSelfHelpUrl: '' };

/** Login types offered on /login. Directory types are enabled once a directory is configured. */
export const defaultLoginTypes: LoginTypeConfig[] = [
  { code: 'ACCOUNT', authCategoryName: '账号登录', authCategoryCode: 'ACCOUNT', isPriorityShow: true, adAuthEnable: false, captchaStrategy: 0, ...links },
  { code: 'MSG_CODE', authCategoryName: '短信登录', authCategoryCode: 'MSG_CODE', isPriorityShow: false, adAuthEnable: false, captchaStrategy: 0, ...links },
];
