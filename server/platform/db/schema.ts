import type { Generated } from 'kysely';

/**
 * The whole data model. Times are epoch milliseconds (bigint in PostgreSQL, parsed to number),
 * booleans are 0/1 integers, so one set of queries runs on SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  user_id: string; // the account name, unique, stored lower-case
  user_name: string;
  user_type: string;
  mobile_no: string | null;
  phone_disabled: number;
  email: string | null;
  mail_local_address: string | null;
  description: string | null;
  avatar: string | null;
  enabled: number;
  activated: number;
  user_expire_date: number | null;
  password_hash: string | null;
  password_changed_at: number | null;
  password_expire_at: number | null;
  /** Strength of the current password (weak|middle|strong), measured when it was set. */
  password_level: string | null;
  must_change_password: number;
  second_auth_required: number;
  ldap_dn: string | null;
  company_name: string | null;
  dept_name: string | null;
  position_name: string | null;
  manager_user_ref: number | null;
  senior_leader: number;
  /** PUBLIC_MAIL accounts: the user who manages the mailbox. */
  mailbox_manager_ref: number | null;
  klpa_result_desc: string | null;
  /** The department (or company) the user is placed in. */
  dept_ref: number | null;
  /** The id a provisioning client (SCIM) knows this user by. */
  external_id: string | null;
  /** Given and family names as provisioning (SCIM) sent them; null when never sent. */
  given_name: string | null;
  family_name: string | null;
  /** 1: self-registered, waiting for an administrator's approval; cannot sign in (migration 0016). */
  registration_pending: Generated<number>;
  created_at: number;
  updated_at: number;
  /** The directory's stable key (entryUUID / objectGUID) of a synchronised person (migration 0022). */
  directory_key: string | null;
  /** 1: disabled by the directory sync because the directory no longer has this person. */
  directory_gone: Generated<number>;
}

export interface PortalRolesTable { id: Generated<number>; code: string; name: string }
export interface UserPortalRolesTable {
  user_ref: number;
  role_ref: number;
  /** 1 on the row granting an administrator duty: unique per person, so at most one duty each. */
  admin_slot: number | null;
  /** A department administrator's subtree. */
  dept_ref: number | null;
}
/** Who owns an application: they administer its roles, approvers, grants and settings. */
export interface AppOwnersTable { app_ref: number; user_ref: number; granted_at: number }

export interface AppsTable {
  id: Generated<number>;
  app_id: string;
  app_name: string;
  icon: string | null;
  client_id: string;
  idp_sso_url: string;
  /** JSON array of allowed login types, e.g. ["ACCOUNT","MSG_CODE"]. */
  login_types: string;
  second_auth_required: number;
  /** 1 when the app is connected to the permission system (has roles). */
  perm_system: number;
  enabled: number;
  sort_order: number;
  created_at: number;
  category: string | null;
  /** How the sign-in page asks for a captcha when opened for this app (null: the portal default). */
  captcha_strategy: string | null;
  /** SHA-256 of the client secret (a 256-bit random value, shown once when generated). */
  client_secret_hash: string | null;
  /** The secret before the last rotation, still accepted until `client_secret_prev_until`. */
  client_secret_prev_hash: string | null;
  client_secret_prev_until: number | null;
  /** OpenID Connect settings (JSON arrays in text); an application with sso_legacy = 0 is an OIDC client. */
  oidc_redirect_uris: string | null;
  oidc_post_logout_redirect_uris: string | null;
  /** null: authorization_code and refresh_token. */
  oidc_grant_types: string | null;
  /** client_secret_basic (null), client_secret_post or private_key_jwt. */
  oidc_token_auth_method: string | null;
  /** The public JWK Set private_key_jwt assertions are checked against. */
  oidc_jwks: string | null;
  /** Lifetimes in seconds; null: the provider's defaults. */
  oidc_access_token_ttl: number | null;
  oidc_id_token_ttl: number | null;
  oidc_refresh_token_ttl: number | null;
  oidc_backchannel_logout_uri: string | null;
  /** Where "my apps" sends the browser to start a sign-in (third-party initiated login). */
  oidc_initiate_login_uri: string | null;
  /** Registered by an administrator for the organisation itself: no consent screen. */
  oidc_first_party: Generated<number>;
  /** 1: launched with the old one-time code, redeemed with the client secret; 0: OpenID Connect. */
  sso_legacy: Generated<number>;
  /** JSON appRiskPolicy (contract/schemas/risk.ts, migration 0027); null follows the default risk policy. */
  risk_policy: string | null;
}

export interface PermGroupsTable { id: Generated<number>; app_ref: number; name: string }
export interface AppRolesTable { id: Generated<number>; group_ref: number; code: string; name: string }
export interface AppApproversTable { app_ref: number; user_ref: number }
export interface UserAppsTable { user_ref: number; app_ref: number; granted_at: number }
export interface UserRolesTable { user_ref: number; role_ref: number; granted_at: number }

export interface ApplyRequestsTable {
  id: Generated<number>;
  apply_user_ref: number;
  app_ref: number;
  /** JSON array of app role ids asked for. */
  role_ids: string;
  role_names: string;
  apply_reason: string;
  status: number;
  apply_date: number;
  approval_user_ref: number | null;
  approval_suggestion: string | null;
  approval_date: number | null;
}

export interface MailGroupsTable {
  id: Generated<number>;
  group_code: string;
  group_name: string;
  group_type: number;
  email: string | null;
  manager_user_ref: number;
  created_at: number;
  external_id: string | null;
  /** The directory's stable key of a synchronised group (migration 0022). */
  directory_key: string | null;
}
export interface GroupMembersTable { group_ref: number; user_ref: number; added_at: number }

export interface SocialBindingsTable { id: Generated<number>; user_ref: number; source: string; social_id: string; created_at: number; upstream_name: string | null }

/** An identity provider people may sign in through (migration 0023); its links are social_bindings rows with source = code. */
export interface UpstreamProvidersTable {
  code: string;
  name: string;
  kind: string;
  enabled: number;
  settings: string;
  secret_sealed: string | null;
  link_rule: string;
  ask_bind: number;
  jit: number;
  provider_mfa: number;
  app_ids: string | null;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_ref: number;
  instance_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string;
  device_id: string | null;
  device_name: string | null;
  user_agent: string | null;
}

export interface DevicesTable {
  id: Generated<number>;
  user_ref: number;
  device_id: string;
  device_name: string | null;
  first_seen_at: number;
  last_seen_at: number;
  last_ip: string | null;
  /** Second factor passed on this device: it is remembered until this time. */
  trusted_until: number | null;
  /** SHA-256 of the device-trust cookie issued when the second factor was passed here. */
  trust_hash: string | null;
}

export interface TicketsTable {
  id: string;
  purpose: string;
  user_ref: number | null;
  step: string;
  data: string;
  created_at: number;
  expires_at: number;
}

export interface OtpsTable {
  id: string;
  purpose: string;
  mobile_no: string;
  user_ref: number | null;
  code_hash: string;
  created_at: number;
  expires_at: number;
  tries: number;
  used: number;
}

/** Texts waiting for (or done with) the gateway; `sent_at` is when the text was queued. */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile_no: string;
  purpose: string;
  content: string;
  sent_at: number;
  /** pending → sending → sent | failed */
  status: Generated<string>;
  attempts: Generated<number>;
  next_at: Generated<number>;
  /** JSON array of limit-counter subjects to give back if the text cannot be delivered. */
  charges: Generated<string>;
}

export interface CaptchasTable { id: string; kind: string; answer: string; created_at: number; expires_at: number }

/**
 * Every budget as one row: sign-in attempts per account and address, SMS sends per address,
 * account, number and day, registrations per address ("acct:<name>", "ip:<addr>", "sms-ip:<addr>"…).
 */
export interface LimitCountersTable { subject: string; hits: number; window_start: number; locked_until: number | null }

export interface LoginHistoryTable {
  id: Generated<number>;
  user_ref: number | null;
  account: string;
  opt_type: string;
  app_ref: number | null;
  app_name: string | null;
  is_success: number;
  login_msg: string;
  ip: string;
  device_id: string | null;
  device_name: string | null;
  created_at: number;
  /** Place in the audit chain (one sequence over both log tables); null on rows older than the chain. */
  seq: number | null;
  /** hex H(previous record's hash ‖ canonical record), server/audit/trail/canonical.ts. */
  hash: string | null;
  /** How the sign-in was judged (migration 0027): LOW | MEDIUM | HIGH; null when it was not (refused before, or older). */
  risk_level: string | null;
  /** Comma-separated signals (contract/schemas/risk.ts); empty when none fired. */
  risk_signals: string | null;
  /** Where the address is, when a location database is configured ("CN Shanghai"). */
  risk_place: string | null;
}

/** Office, VPN and blocked address ranges (migration 0027). */
export interface NetworkZonesTable {
  id: Generated<number>;
  name: string;
  kind: string;
  /** JSON array of addresses and CIDR ranges. */
  ranges: string;
  created_at: number;
  updated_at: number;
}

/** Each /24 or /48 a person signed in from, and when last. */
export interface UserNetworksTable {
  user_ref: number;
  prefix: string;
  last_seen_at: number;
}

/** What a person's sign-ins look like: hours (JSON 24 counts) and the last sign-in's time and place. Locked while a sign-in is judged. */
export interface RiskProfilesTable {
  user_ref: number;
  hours: string;
  last_at: number | null;
  last_lat: number | null;
  last_lon: number | null;
  last_place: string | null;
}

/** A sign-in from a new device or network told to its person, with the single-use "this was not me" token's SHA-256. */
export interface SignInAlertsTable {
  id: Generated<number>;
  user_ref: number;
  signals: string;
  ip: string;
  device_name: string | null;
  place: string | null;
  created_at: number;
  token_hash: string;
  token_expires_at: number;
  disowned_at: number | null;
  read_at: number | null;
}

export interface OperationLogTable {
  id: Generated<number>;
  user_ref: number;
  scene_code: string;
  detail: string | null;
  ip: string;
  ip_region: string | null;
  created_at: number;
  /** What an administrator's change touched (e.g. "user:zhangsan"). */
  target: string | null;
  /** JSON {before, after} of an administrator's change; never a secret. */
  changes: string | null;
  seq: number | null;
  hash: string | null;
}

/**
 * The one row (id 1) every chained audit write locks and advances: the last record's seq and
 * hash, the chain's hash algorithm, and how far retention may delete (whole checkpointed ranges).
 */
export interface AuditHeadTable { id: number; seq: number; hash: string; algorithm: string; pruned_through: number }

/** Signed statements about the chain: a checkpoint over seq_from..seq_to, or a prune of it. */
export interface AuditCheckpointsTable {
  id: Generated<number>;
  /** checkpoint | prune */
  kind: string;
  seq_from: number;
  seq_to: number;
  /** The chain's hash at seq_to. */
  head_hash: string;
  algorithm: string;
  created_at: number;
  /** SHA-256 (hex) of the Ed25519 public key's DER (SPKI). */
  key_fingerprint: string;
  /** PEM (SPKI) of the key that signed. */
  public_key: string;
  /** base64 Ed25519 signature over the checkpoint's canonical statement. */
  signature: string;
}

/** One run of the chain's verification: when, by whom, and what it found. */
export interface AuditVerificationsTable {
  id: Generated<number>;
  started_at: number;
  finished_at: number;
  /** "cli", or the administrator's account. */
  actor: string;
  /** INTACT | BROKEN */
  result: string;
  /** edited | deleted | inserted | reordered | forged-checkpoint; null when intact. */
  kind: string | null;
  first_bad_seq: number | null;
  records: number;
  checkpoints: number;
  detail: string | null;
}

/** Companies and departments: a tree, users placed in one node. */
export interface DepartmentsTable {
  id: Generated<number>;
  parent_ref: number | null;
  name: string;
  /** COMPANY | DEPARTMENT */
  kind: string;
  sort_order: number;
  created_at: number;
  /** The directory's stable key of a synchronised OU or department (migration 0022). */
  directory_key: string | null;
}

/** Everyone in a group may use the app. */
export interface AppGroupGrantsTable { app_ref: number; group_ref: number; granted_at: number }

/** Notices and news on the home page; shown while `published_at` is set. */
export interface NoticesTable {
  id: Generated<number>;
  /** NOTICE | NEWS */
  kind: string;
  title: string;
  body: string;
  link: string | null;
  published_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}

/** A person opened a published notice (migration 0017); the others show as unread. */
export interface NoticeReadsTable { user_ref: number; notice_ref: number; read_at: number }

/** A SAML service provider registered for an application (migration 0018); JSON in text columns. */
export interface SamlSpsTable {
  app_ref: number;
  entity_id: string;
  /** JSON [{ url, index, isDefault }] */
  acs_urls: string;
  slo_url: string | null;
  /** post | redirect */
  slo_binding: string | null;
  /** persistent | email | unspecified */
  name_id_format: string;
  /** JSON [{ source, name, friendlyName }] */
  attributes: string;
  requests_signed: Generated<number>;
  /** JSON array of base64 DER certificates */
  signing_certs: string;
  encryption_cert: string | null;
  metadata_xml: string | null;
  updated_at: number;
}

/** The SAML identity provider's signing keys (migration 0019): next (activated_at null), current, retired. */
export interface SamlKeysTable {
  kid: string;
  generation: number;
  /** sealed (secretBox), the kid as additional data */
  private_key: string;
  /** base64 DER X.509 */
  certificate: string;
  created_at: number;
  activated_at: number | null;
  retired_at: number | null;
}

/** AuthnRequest IDs already answered, per service provider, until they could no longer be valid. */
export interface SamlSeenRequestsTable { app_ref: number; request_id: string; expires_at: number }

/** A validated AuthnRequest waiting for the sign-in to finish (JSON in `request`). */
export interface SamlPendingTable { id: string; app_ref: number; request: string; created_at: number; expires_at: number }

/** One row per assertion issued: what single logout ends. */
export interface SamlSessionsTable {
  session_index: string;
  app_ref: number;
  user_ref: number;
  portal_session_ref: number;
  name_id: string;
  name_id_format: string;
  created_at: number;
  expires_at: number;
  ended_at: number | null;
}

/** A single logout under way through the browser (migration 0021). */
export interface SamlLogoutsTable { id: string; portal_session_ref: number; reply: string | null; partial: Generated<number>; created_at: number; expires_at: number }

/** A LogoutRequest the identity provider sent, until its LogoutResponse comes back (once). */
export interface SamlLogoutRequestsTable { request_id: string; app_ref: number; logout_id: string; expires_at: number }

/** A CAS service URL an application answers at (migration 0018): exact, or a prefix. */
export interface CasServicesTable { app_ref: number; url: string; match: string; created_at: number }

/** A CAS service or proxy ticket, by the SHA-256 of its value (migration 0020); taken once by a conditional delete. */
export interface CasTicketsTable {
  ticket_hash: string;
  /** ST | PT */
  kind: string;
  service: string;
  app_ref: number;
  user_ref: number;
  portal_session_ref: number;
  auth_time: number;
  new_login: number;
  mfa: number;
  /** JSON array, most recent proxy first (PT only) */
  proxies: string | null;
  created_at: number;
  expires_at: number;
}

/** A CAS proxy-granting ticket, by the SHA-256 of its value; lives as long as its portal session, at most its own lifetime. */
export interface CasPgtsTable {
  pgt_hash: string;
  app_ref: number;
  user_ref: number;
  portal_session_ref: number;
  auth_time: number;
  mfa: number;
  /** JSON array: the callback it went to, then the proxies before it */
  proxies: string;
  created_at: number;
  expires_at: number;
}

/** A service a portal session validated a CAS ticket for: it gets a single-logout POST when the session ends. */
export interface CasSessionsTable {
  id: Generated<number>;
  portal_session_ref: number;
  app_ref: number;
  service: string;
  ticket: string;
  account: string;
  created_at: number;
}

/** Bearer tokens of provisioning clients (SCIM); only the SHA-256 is kept. */
export interface ScimTokensTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  created_by: number | null;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** The department subtree the token is confined to (migration 0026); null: everyone. */
  dept_ref: number | null;
}

/** Each saved state of the policies, whole (migration 0015). */
export interface PolicyVersionsTable {
  id: Generated<number>;
  saved_by: number | null;
  saved_at: number;
  /** UPDATE, ROLLBACK or DEFAULTS. */
  action: string;
  /** The sections it changed, comma-separated. */
  sections: string;
  /** The version a rollback returned to. */
  from_version: number | null;
  /** The complete policies after it (JSON). */
  policies: string;
}

/** Earlier password hashes, for "no reuse of the last N". */
export interface PasswordHistoryTable { id: Generated<number>; user_ref: number; password_hash: string; created_at: number }

/** The OpenID Connect provider's records (codes, tokens, grants, sessions, interactions), one kind per model. */
export interface OidcPayloadsTable {
  kind: string;
  id: string;
  /** JSON of the model. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number;
  consumed_at: number | null;
}

/** The provider's signing keys; the newest generation signs, retired ones stay published until their tokens expired. */
export interface OidcKeysTable {
  kid: string;
  generation: number;
  alg: string;
  private_jwk: string;
  created_at: number;
  retired_at: number | null;
}

/** Each user's `sub`: random and stable, never the account name (which can be renamed). */
export interface OidcSubjectsTable { user_ref: number; sub: string; created_at: number }

/** The portal session a provider session was opened from: when it ends, the applications are signed out. */
export interface OidcPortalLinksTable { session_uid: string; portal_session_ref: number; created_at: number; expires_at: number }

/** The authenticator app of a user: AES-256-GCM secret, pending until confirmed; last accepted time step; failures and lock. */
export interface TotpFactorsTable {
  user_ref: number;
  secret_enc: string;
  confirmed_at: number | null;
  created_at: number;
  last_step: number | null;
  last_used_at: number | null;
  failures: Generated<number>;
  locked_until: number | null;
}
export interface PasskeysTable {
  id: Generated<number>;
  user_ref: number;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: number;
  /** JSON array of transports the authenticator reported. */
  transports: string;
  name: string;
  /** The WebAuthn user.id (base64url) the passkey was created for. */
  user_handle: string;
  /** singleDevice | multiDevice */
  device_type: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}
/** Recovery codes: SHA-256 of each, used once. */
export interface RecoveryCodesTable { id: Generated<number>; user_ref: number; code_hash: string; created_at: number; used_at: number | null }
/** A WebAuthn ceremony's challenge, taken once (purpose: login, second, reauth, register, enrol). */
export interface WebauthnChallengesTable { challenge: string; purpose: string; user_ref: number | null; binding: string | null; created_at: number; expires_at: number }
/** When a session last proved its user again (adding or removing factors needs it recent). */
export interface SessionReauthTable { session_ref: number; reauth_at: number; method: string }
export interface ConfigTable { key: string; value: string }
export interface Sm2ReplayTable { digest: string; expires_at: number }

/** Pending requests per application, kept by triggers (migration 0010). */
export interface PendingRequestCountsTable {
  app_ref: number;
  pending: number;
}

/** A person's app-access log rows per UTC day, type and outcome, kept by triggers on login_history (migration 0028, SQLite only). */
export interface LoginDayCountsTable {
  user_ref: number;
  day: number;
  opt_type: string;
  is_success: number;
  n: number;
}

/** Members per group, kept by triggers on group_members (migration 0012). */
export interface GroupMemberCountsTable {
  group_ref: number;
  members: number;
}

/** One directory synchronisation (migration 0022), with its counts and report as JSON. */
export interface DirectorySyncRunsTable {
  id: string;
  trigger: string;
  dry_run: number;
  mode: string;
  status: string;
  actor_ref: number | null;
  started_at: number;
  finished_at: number | null;
  error_code: string | null;
  counts: string;
  report: string;
}

/** The one row whose holder runs a directory sync until `until` (epoch ms); taken by one UPDATE. */
export interface DirectorySyncLeaseTable { id: number; holder: string | null; until: number }

export interface Database {
  users: UsersTable;
  portal_roles: PortalRolesTable;
  user_portal_roles: UserPortalRolesTable;
  app_owners: AppOwnersTable;
  apps: AppsTable;
  perm_groups: PermGroupsTable;
  app_roles: AppRolesTable;
  app_approvers: AppApproversTable;
  user_apps: UserAppsTable;
  user_roles: UserRolesTable;
  apply_requests: ApplyRequestsTable;
  pending_request_counts: PendingRequestCountsTable;
  login_day_counts: LoginDayCountsTable;
  group_member_counts: GroupMemberCountsTable;
  mail_groups: MailGroupsTable;
  group_members: GroupMembersTable;
  social_bindings: SocialBindingsTable;
  upstream_providers: UpstreamProvidersTable;
  sessions: SessionsTable;
  devices: DevicesTable;
  tickets: TicketsTable;
  otps: OtpsTable;
  sms_outbox: SmsOutboxTable;
  captchas: CaptchasTable;
  limit_counters: LimitCountersTable;
  login_history: LoginHistoryTable;
  network_zones: NetworkZonesTable;
  user_networks: UserNetworksTable;
  risk_profiles: RiskProfilesTable;
  sign_in_alerts: SignInAlertsTable;
  operation_log: OperationLogTable;
  audit_head: AuditHeadTable;
  audit_checkpoints: AuditCheckpointsTable;
  audit_verifications: AuditVerificationsTable;
  config: ConfigTable;
  sm2_replay: Sm2ReplayTable;
  departments: DepartmentsTable;
  app_group_grants: AppGroupGrantsTable;
  notices: NoticesTable;
  notice_reads: NoticeReadsTable;
  saml_sps: SamlSpsTable;
  cas_services: CasServicesTable;
  saml_keys: SamlKeysTable;
  saml_seen_requests: SamlSeenRequestsTable;
  saml_pending: SamlPendingTable;
  saml_sessions: SamlSessionsTable;
  saml_logouts: SamlLogoutsTable;
  saml_logout_requests: SamlLogoutRequestsTable;
  cas_tickets: CasTicketsTable;
  cas_pgts: CasPgtsTable;
  cas_sessions: CasSessionsTable;
  scim_tokens: ScimTokensTable;
  policy_versions: PolicyVersionsTable;
  password_history: PasswordHistoryTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_keys: OidcKeysTable;
  oidc_subjects: OidcSubjectsTable;
  oidc_portal_links: OidcPortalLinksTable;
  totp_factors: TotpFactorsTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
  session_reauth: SessionReauthTable;
  directory_sync_runs: DirectorySyncRunsTable;
  directory_sync_lease: DirectorySyncLeaseTable;
}
