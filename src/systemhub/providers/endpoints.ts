import { adminAdministratorsEndpoints as administrators } from '../../../contract/endpoints/admin/administrators';
import { adminAppsEndpoints as apps } from '../../../contract/endpoints/admin/apps';
import { adminAppsSignOnEndpoints as signOn } from '../../../contract/endpoints/admin/appsSignOn';
import { adminAuditEndpoints as audit } from '../../../contract/endpoints/admin/audit';
import { adminAuditTrailEndpoints as trail } from '../../../contract/endpoints/admin/auditTrail';
import { adminDirectoryEndpoints as directory } from '../../../contract/endpoints/admin/directory';
import { adminGroupsEndpoints as groups } from '../../../contract/endpoints/admin/groups';
import { adminHomeEndpoints as home } from '../../../contract/endpoints/admin/home';
import { adminNoticesEndpoints as notices } from '../../../contract/endpoints/admin/notices';
import { adminOrganisationEndpoints as org } from '../../../contract/endpoints/admin/organisation';
import { adminPoliciesEndpoints as policies } from '../../../contract/endpoints/admin/policies';
import { adminRequestsEndpoints as requests } from '../../../contract/endpoints/admin/requests';
import { adminSamlKeysEndpoints as samlKeys } from '../../../contract/endpoints/admin/samlKeys';
import { adminScimTokensEndpoints as scim } from '../../../contract/endpoints/admin/scimTokens';
import { adminRegistrationsEndpoints as registrations } from '../../../contract/endpoints/admin/registrations';
import { adminSessionsEndpoints as sessions } from '../../../contract/endpoints/admin/sessions';
import { adminUsersEndpoints as users } from '../../../contract/endpoints/admin/users';
import { adminNetworkZonesEndpoints as zones } from '../../../contract/endpoints/admin/networkZones';
import { adminAppsRiskEndpoints as appRisk } from '../../../contract/endpoints/admin/appsRisk';
import { factorEndpoints as factors } from '../../../contract/endpoints/factors';
import type { ResourceEndpoints } from '../../shared/providers/resourceEndpoints';

/**
 * The workbench's resource table for the shared data provider: resource name → the contract's declarations. Typed by the declarations themselves, so a
 * page that calls an action gets its input and output types (useEndpointQuery / useEndpointMutation, as in the portal).
 */
export const ENDPOINTS = {
  home: { actions: { summary: home.summary } },
  departments: {
    actions: { tree: org.orgTree, create: org.orgCreate, rename: org.orgRename, move: org.orgMove, delete: org.orgDelete },
  },
  users: {
    list: users.userList, get: users.userGet, create: users.userCreate, update: users.userUpdate,
    actions: {
      setEnabled: users.userSetEnabled, unlock: users.userUnlock, resetPassword: users.userResetPassword, endSessions: users.userEndSessions,
      importCheck: users.userImportCheck, importStart: users.userImportStart, importStatus: users.userImportStatus,
      factors: factors.adminUserFactors, resetFactors: factors.adminUserFactorsReset,
      batch: users.userBatch, activation: users.userActivation,
    },
  },
  /** One person's sign-ins (filtered by their id). */
  userHistory: { list: users.userHistory },
  apps: {
    list: apps.list, get: apps.get, create: apps.create, update: apps.update,
    actions: {
      enable: apps.enable, disable: apps.disable, rotateSecret: apps.rotateSecret,
      roles: apps.roles, roleGroupAdd: apps.roleGroupAdd, roleGroupRename: apps.roleGroupRename, roleGroupRemove: apps.roleGroupRemove,
      roleAdd: apps.roleAdd, roleRename: apps.roleRename, roleRemove: apps.roleRemove,
      approvers: apps.approvers, approversAdd: apps.approversAdd, approversRemove: apps.approversRemove,
      userGrantsAdd: apps.userGrantsAdd, userGrantsRemove: apps.userGrantsRemove,
      groupGrantsAdd: apps.groupGrantsAdd, groupGrantsRemove: apps.groupGrantsRemove,
      samlGet: signOn.samlGet, samlSave: signOn.samlSave, samlRemove: signOn.samlRemove, samlParseMetadata: signOn.samlParseMetadata,
      casGet: signOn.casGet, casSave: signOn.casSave,
      riskPolicyGet: appRisk.riskPolicyGet, riskPolicyUpdate: appRisk.riskPolicyUpdate,
    },
  },
  /** The people and groups granted one application (filtered by its id). */
  appUserGrants: { list: apps.userGrants },
  appGroupGrants: { list: apps.groupGrants },
  groups: {
    list: groups.list, get: groups.get, create: groups.create, update: groups.update, delete: groups.delete,
    actions: {
      setManager: groups.setManager, membersAdd: groups.membersAdd, membersRemove: groups.membersRemove,
      mailboxUpdate: groups.mailboxUpdate, mailboxSetManager: groups.mailboxSetManager,
    },
  },
  groupMembers: { list: groups.members },
  requests: { list: requests.list, get: requests.get, actions: { decide: requests.decide } },
  notices: {
    list: notices.list, get: notices.get, create: notices.create, update: notices.update, delete: notices.delete,
    actions: { publish: notices.publish, unpublish: notices.unpublish },
  },
  policies: {
    actions: { get: policies.get, update: policies.update, history: policies.history, version: policies.version, rollback: policies.rollback, restoreDefaults: policies.restoreDefaults },
  },
  sessions: { list: sessions.list, actions: { end: sessions.end, endUser: sessions.endUser } },
  signInLog: { list: audit.signInLogList },
  operationLog: { list: audit.operationLogList },
  /** The tamper-evident audit trail: its state and newest verification, a verification now, a proven export. */
  auditTrail: { actions: { status: trail.trailStatus, verify: trail.trailVerify, export: trail.trailExport } },
  registrations: { list: registrations.pendingList, actions: { approve: registrations.approve, reject: registrations.reject } },
  /** The identity provider's SAML signing keys (one set for the installation, shown on each SAML application). */
  samlKeys: { actions: { list: samlKeys.samlKeyList, rotate: samlKeys.samlKeyRotate } },
  /** Directory synchronisation: one page of status, mapping, runs and their reports. */
  directory: {
    actions: { status: directory.directoryStatus, settings: directory.directorySettingsSave, sync: directory.directorySync, runs: directory.directoryRuns, run: directory.directoryRun },
  },
  /** Who holds which administrator duty (a plain list: a handful of people). */
  administrators: { list: administrators.administratorList, paged: false, actions: { assign: administrators.administratorAssign, revoke: administrators.administratorRevoke } },
  /** Office, VPN and blocked address ranges (a plain list: a handful of zones). */
  networkZones: { list: zones.zoneList, paged: false, actions: { create: zones.zoneCreate, update: zones.zoneUpdate, delete: zones.zoneDelete } },
  scimTokens: { list: scim.scimTokenList, create: scim.scimTokenCreate, actions: { revoke: scim.scimTokenRevoke } },
} satisfies Record<string, ResourceEndpoints>;

export type EndpointTable = typeof ENDPOINTS;
