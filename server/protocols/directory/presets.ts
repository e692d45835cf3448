import type { DirectoryMapping, DirectorySettings } from '../../../contract/schemas/admin/directory.js';

/**
 * The two mappings a company starts from. OpenLDAP: inetOrgPerson with uid, cn, mail, mobile and
 * the operational entryUUID. Active Directory: sAMAccountName, displayName, userPrincipalName as
 * the mail, the binary objectGUID, and userAccountControl whose bit 2 (ACCOUNTDISABLE) disables.
 */
export const DIRECTORY_PRESETS: Record<DirectoryMapping['preset'], DirectoryMapping> = {
  openldap: {
    preset: 'openldap',
    userFilter: '(objectClass=inetOrgPerson)',
    keyAttribute: 'entryUUID',
    accountAttribute: 'uid',
    nameAttribute: 'cn',
    emailAttribute: 'mail',
    mobileAttribute: 'mobile',
    disabledAttribute: '',
    departmentSource: 'ou',
    departmentAttribute: '',
    ouFilter: '(objectClass=organizationalUnit)',
    groupFilter: '(|(objectClass=groupOfNames)(objectClass=groupOfUniqueNames))',
    changeAttribute: 'modifyTimestamp',
  },
  ad: {
    preset: 'ad',
    userFilter: '(&(objectCategory=person)(objectClass=user))',
    keyAttribute: 'objectGUID',
    accountAttribute: 'sAMAccountName',
    nameAttribute: 'displayName',
    emailAttribute: 'userPrincipalName',
    mobileAttribute: 'mobile',
    disabledAttribute: 'userAccountControl',
    departmentSource: 'ou',
    departmentAttribute: '',
    ouFilter: '(objectClass=organizationalUnit)',
    groupFilter: '(objectClass=group)',
    changeAttribute: 'uSNChanged',
  },
};

export const DEFAULT_DIRECTORY_SETTINGS: DirectorySettings = { mapping: DIRECTORY_PRESETS.openldap, conflictRule: 'report' };
