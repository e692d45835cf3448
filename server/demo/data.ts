/** The demo organisation (DESIGN.md §6): named accounts, applications, groups. */
export const DEMO_PASSWORD = 'Idaas@2026';

export interface DemoUser {
  account: string;
  name: string;
  type: 'STAFF' | 'TEMP' | 'PUBLIC_MAIL';
  mobile?: string;
  email?: string;
  dept: string;
  position?: string;
  roles?: string[];
  secondAuth?: boolean;
  /** Days until the password expires (negative: already expired). */
  passwordDays?: number;
  mailboxManager?: string;
  manager?: string;
  seniorLeader?: boolean;
  /** A department administrator's subtree (a department's name). */
  administers?: string;
}

export const COMPANY = '星河科技有限公司';

export const NAMED_USERS: DemoUser[] = [
  { account: 'admin', name: '系统管理员', type: 'STAFF', email: 'admin@corp.example.com', dept: '信息技术部', position: '系统管理员', roles: ['SYS_ADMIN', 'EMPLOYEE'] },
  { account: 'zhangsan', name: '张三', type: 'STAFF', mobile: '13800000001', email: 'zhangsan@corp.example.com', dept: '信息技术部', position: '技术经理', seniorLeader: true },
  { account: 'lisi', name: '李四', type: 'STAFF', mobile: '13800000002', email: 'lisi@corp.example.com', dept: '市场部', position: '市场专员', manager: 'zhangsan' },
  { account: 'wangwu', name: '王五', type: 'TEMP', dept: '行政部', position: '实习生', manager: 'zhangsan' },
  { account: 'zhaoliu', name: '赵六', type: 'STAFF', mobile: '13800000004', email: 'zhaoliu@corp.example.com', dept: '财务部', position: '会计', secondAuth: true, manager: 'zhangsan' },
  { account: 'sunqi', name: '孙七', type: 'STAFF', mobile: '13800000005', email: 'sunqi@corp.example.com', dept: '人力资源部', position: 'HRBP', passwordDays: 3, manager: 'zhangsan' },
  { account: 'zhouba', name: '周八', type: 'STAFF', dept: '销售部', position: '销售代表', passwordDays: -2, manager: 'zhangsan' },
  { account: 'secadmin', name: '安全管理员', type: 'STAFF', email: 'secadmin@corp.example.com', dept: '信息技术部', position: '安全管理员', roles: ['SEC_ADMIN', 'EMPLOYEE'] },
  { account: 'auditor', name: '审计管理员', type: 'STAFF', email: 'auditor@corp.example.com', dept: '财务部', position: '审计管理员', roles: ['AUDIT_ADMIN', 'EMPLOYEE'] },
  { account: 'deptadmin', name: '市场部管理员', type: 'STAFF', email: 'deptadmin@corp.example.com', dept: '市场部', position: '部门管理员', roles: ['DEPT_ADMIN', 'EMPLOYEE'], administers: '市场部' },
  { account: 'pub.hr', name: '人力资源公共邮箱', type: 'PUBLIC_MAIL', email: 'hr@corp.example.com', dept: '人力资源部', mailboxManager: 'zhangsan' },
];

export interface DemoApp {
  appId: string;
  name: string;
  color: string;
  roles: string[];
  loginTypes?: string[];
  secondAuth?: boolean;
  approvers: string[];
}

export const APPS: DemoApp[] = [
  { appId: 'mail', name: '企业邮箱', color: '#1677ff', roles: ['USER', 'ARCHIVE'], approvers: ['zhangsan'] },
  { appId: 'oa', name: '协同办公', color: '#13c2c2', roles: ['USER', 'APPROVER', 'ADMIN_OA'], approvers: ['zhangsan'] },
  { appId: 'hr', name: '人力资源', color: '#eb2f96', roles: ['EMPLOYEE', 'HR_SPECIALIST'], approvers: ['sunqi'] },
  { appId: 'crm', name: '客户关系', color: '#fa8c16', roles: ['SALES', 'SALES_MANAGER', 'AUDITOR'], approvers: ['zhangsan'] },
  { appId: 'erp', name: '财务系统', color: '#52c41a', roles: ['ACCOUNTANT', 'CASHIER', 'VIEWER'], approvers: ['zhangsan', 'zhaoliu'], secondAuth: true },
  { appId: 'wiki', name: '知识库', color: '#722ed1', roles: ['READER', 'EDITOR'], approvers: ['zhangsan'] },
  { appId: 'git', name: '代码仓库', color: '#2f54eb', roles: ['DEVELOPER', 'MAINTAINER'], approvers: ['zhangsan'] },
  { appId: 'pm', name: '项目管理', color: '#faad14', roles: ['MEMBER', 'PROJECT_MANAGER'], approvers: ['zhangsan'] },
  { appId: 'expense', name: '费用报销', color: '#f5222d', roles: ['APPLICANT', 'FINANCE_REVIEWER'], approvers: ['zhaoliu'] },
  { appId: 'meeting', name: '会议室预订', color: '#08979c', roles: [], approvers: ['zhangsan'] },
  { appId: 'bi', name: '数据报表', color: '#531dab', roles: ['ANALYST', 'VIEWER'], approvers: ['zhangsan'], loginTypes: ['ACCOUNT'] },
  { appId: 'travel', name: '差旅平台', color: '#d4380d', roles: [], approvers: ['zhangsan'] },
];

/** Applications each named user may launch. */
export const GRANTS: Record<string, string[]> = {
  admin: APPS.map((a) => a.appId),
  zhangsan: ['mail', 'oa', 'hr', 'crm', 'erp', 'wiki', 'git', 'pm', 'bi'],
  lisi: ['mail', 'oa', 'wiki', 'expense', 'meeting', 'travel'],
  wangwu: ['mail', 'oa'],
  zhaoliu: ['mail', 'oa', 'erp', 'expense'],
  sunqi: ['mail', 'oa', 'hr'],
  zhouba: ['mail', 'crm'],
};

export const DEPARTMENTS = ['信息技术部', '市场部', '财务部', '人力资源部', '销售部', '行政部', '法务部', '研发中心'];
export const POSITIONS = ['工程师', '高级工程师', '专员', '主管', '经理', '分析师', '设计师', '顾问'];
export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
export const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '晨', '宇', '浩', '欣怡', '子涵', '梓轩', '一诺'];

/** A simple lettered tile as an SVG data URL, so the demo ships its own icons. */
export function appIcon(label: string, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/><text x="32" y="41" font-size="26" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
