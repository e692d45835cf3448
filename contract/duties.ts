/**
 * Administrators separated by duty (MLPS 2.0 三员分立): a person holds at most one of these, each
 * a portal role. `department` is a delegated administrator whose reach is one department subtree.
 * An application owner is not a duty: any person may own applications (app_owners), and the
 * endpoints that allow `appOwner` reach only the applications they own.
 */
export const ADMIN_DUTIES = ['system', 'security', 'audit', 'department'] as const;
export type AdminDuty = (typeof ADMIN_DUTIES)[number];

/** Who an administrative endpoint admits: a duty, or the owner of the application it names. */
export type DutyGrant = AdminDuty | 'appOwner';

/** The portal role that carries each duty. */
export const DUTY_ROLES: Record<AdminDuty, string> = {
  system: 'SYS_ADMIN',
  security: 'SEC_ADMIN',
  audit: 'AUDIT_ADMIN',
  department: 'DEPT_ADMIN',
};

const ROLE_DUTY = new Map(Object.entries(DUTY_ROLES).map(([duty, role]) => [role, duty as AdminDuty]));

/** The duty a portal role carries, if any. */
export function dutyOfRole(code: string): AdminDuty | undefined {
  return ROLE_DUTY.get(code);
}

/** The duties that must always keep a holder: without them nobody could administer or audit. */
export const KEPT_DUTIES: readonly AdminDuty[] = ['system', 'security', 'audit'];
