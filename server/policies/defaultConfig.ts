import { CaptchaStrategy } from '../../contract/enums.js';
import type { LoginTypeConfig } from '../../contract/schemas/auth.js';
import type { StoredLoginPage } from './loginPageStore.js';
import type { HomeContent } from '../../contract/schemas/account.js';

export const defaultLoginPage: StoredLoginPage = {
  id: 'default',
  imageUrl: '',
  logoUrl: '',
  companyName: '星河科技统一身份认证平台',
  versionInfo: 'v0.1.0',
  translations: { en: { companyName: 'Galaxy Tech Identity Portal' } },
};

const links = { forgetPasswordUrl: '/forgetPassword', updatePasswordUrl: '/resetPassword', umSelfHelpUrl: '', adSelfHelpUrl: '' };

/** Login types offered on /login. Directory types are enabled once a directory is configured. */
export const defaultLoginTypes: LoginTypeConfig[] = [
  { code: 'ACCOUNT', authCategoryName: '账号登录', authCategoryCode: 'ACCOUNT', isPriorityShow: true, adAuthEnable: false, captchaStrategy: CaptchaStrategy.PICTURE, ...links },
  { code: 'MSG_CODE', authCategoryName: '短信登录', authCategoryCode: 'MSG_CODE', isPriorityShow: false, adAuthEnable: false, captchaStrategy: CaptchaStrategy.PICTURE, ...links },
  { code: 'PA_ACCOUNT', authCategoryName: '统一认证登录', authCategoryCode: 'PA_ACCOUNT', isPriorityShow: false, adAuthEnable: true, captchaStrategy: CaptchaStrategy.PICTURE, ...links },
  { code: 'LDAP', authCategoryName: '目录账号登录', authCategoryCode: 'LDAP', isPriorityShow: false, adAuthEnable: true, captchaStrategy: CaptchaStrategy.PICTURE, ...links },
];

const item = (id: string, title: string, date: string) => ({ id, title, date });

interface StoredItem { id: string; title: string; date: string }
/** What /myApp showed before the notices table: titles and dates by kind (read once to seed the demo notices). */
export interface StoredHomeContent { notices: StoredItem[]; news: Record<keyof HomeContent['news'], StoredItem[]> }

/** Sample home-page notices and news; administrators replace them from the workbench. */
export const defaultHomeContent: StoredHomeContent = {
  notices: [
    item('n1', '关于启用短信二次认证的通知', '2026-11-18'),
    item('n2', '统一身份认证平台 11 月维护窗口安排', '2026-11-12'),
    item('n3', '请及时绑定手机号以便找回密码', '2026-11-03'),
    item('n4', '财务系统将于月底接入单点登录', '2026-10-28'),
  ],
  news: {
    recommend: [item('r1', '五分钟了解统一身份认证', '2026-11-15'), item('r2', '如何申请应用权限', '2026-11-01')],
    news: [item('w1', '公司通过信息安全等级保护三级测评', '2026-11-10')],
    dynamic: [item('d1', '知识库新增权限管理指南', '2026-11-08'), item('d2', '协同办公上线移动审批', '2026-10-30')],
    release: [item('v1', '门户 v0.1.0：个人中心与批量审批', '2026-11-20')],
  },
};
