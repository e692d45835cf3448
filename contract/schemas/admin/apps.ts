import { z } from 'zod';
import { GroupType, OidcGrantType } from '../../enums.js';
import { CAPTCHA_STRATEGIES, IDENTIFIER_PATTERN, LIMITS, LOGIN_TYPES } from '../../rules.js';
import { INT32_MAX, idOut, intIn, isoTime, pageRequest, recordId, text } from '../common.js';
import { sortOf } from '../sort.js';
import { ADMIN_SORTABLE } from './sortable.js';

const id = recordId();
const account = text(LIMITS.accountMax).min(1);
const identifier = (max: number) => text(max).min(1).regex(IDENTIFIER_PATTERN, 'letters, digits, dot, underscore or hyphen');

/** Whether a string is an absolute http(s) URL: what a launch can redirect to. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const launchUrl = text(LIMITS.urlMax).refine(isHttpUrl, 'must be an http(s) URL');
/** A picture the tile shows: a data URL of an image, or an https address. */
const icon = text(LIMITS.appIconMax).regex(/^(data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+|https:\/\/\S+)$/, 'must be an image data URL or an https URL');
const loginTypes = z.array(z.enum(LOGIN_TYPES)).min(1, 'choose at least one sign-in method').max(LOGIN_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'each sign-in method once');
/** null: the sign-in page's own strategy per login type. */
const captchaStrategy = z.literal(CAPTCHA_STRATEGIES).nullable();
const sortOrder = intIn(0, INT32_MAX);

/** Hosts an application may be reached at over plain http: the machine it runs on (a developer's, the demo application). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** What is wrong with an address the provider would send a browser or a logout token to. */
export type OidcUriProblem = 'url' | 'fragment' | 'http' | 'credentials';
const OIDC_URI_MESSAGES: Record<OidcUriProblem, string> = {
  url: 'must be an absolute http(s) URL without spaces',
  fragment: 'must not contain a fragment (#)',
  http: 'must use https (http only for localhost, 127.0.0.1 or [::1])',
  credentials: 'must not contain a user name or password',
};

/**
 * Why an OpenID Connect address (redirect, post-logout, back-channel logout, initiate-login URI)
 * is refused, or null. The provider compares redirect URIs as exact strings and forbids
 * fragments (RFC 6749 §3.1.2); codes and logout tokens travel to these addresses, so plain http
 * is kept for loopback only (RFC 8252 §7.3, RFC 9700 §2.1), as for the demo application.
 */
export function oidcUriProblem(value: string): OidcUriProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'url';
  }
  if (/\s/.test(value)) return 'url';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url';
  if (value.includes('#')) return 'fragment';
  if (url.username || url.password) return 'credentials';
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) return 'http';
  return null;
}

const oidcUri = text(LIMITS.urlMax).superRefine((value, ctx) => {
  const problem = oidcUriProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: OIDC_URI_MESSAGES[problem] });
});
const oidcUris = z.array(oidcUri).max(LIMITS.oidcUrisMax).refine((list) => new Set(list).size === list.length, 'each address once');
export const OIDC_GRANT_TYPES = [OidcGrantType.AUTHORIZATION_CODE, OidcGrantType.REFRESH_TOKEN] as const;
/** The code flow is how every application signs in (the only response type is `code`); refresh tokens are a choice. */
const grantTypes = z.array(z.enum(OIDC_GRANT_TYPES)).max(OIDC_GRANT_TYPES.length)
  .refine((list) => new Set(list).size === list.length, 'each grant type once')
  .refine((list) => list.includes(OidcGrantType.AUTHORIZATION_CODE), `must include ${OidcGrantType.AUTHORIZATION_CODE}`);
/** Seconds; null: the provider's default for the token kind. */
const lifetime = (max: number) => intIn(LIMITS.oidcTokenTtlMin, max).nullable();

/**
 * An application's OpenID Connect settings. `legacy`: launched with the old one-time code instead
 * (then it is no OIDC client); `firstParty`: registered for the organisation itself, so the
 * consent page is skipped. The initiate-login URI is where "my apps" opens an OIDC application.
 */
const oidcFields = {
  redirectUris: oidcUris,
  postLogoutRedirectUris: oidcUris,
  grantTypes,
  accessTokenTtl: lifetime(LIMITS.oidcAccessTokenTtlMax),
  idTokenTtl: lifetime(LIMITS.oidcIdTokenTtlMax),
  refreshTokenTtl: lifetime(LIMITS.oidcRefreshTokenTtlMax),
  backchannelLogoutUri: oidcUri.nullable(),
  initiateLoginUri: oidcUri.nullable(),
  firstParty: z.boolean(),
  legacy: z.boolean(),
};
const people = z.array(account).min(1, 'select at least one person').max(LIMITS.membersPerBatchMax);

/**
 * How an application signs people on: derived, not chosen in one column — a registered SAML
 * service provider makes it `saml`, registered CAS service URLs make it `cas`, otherwise the
 * OpenID Connect client or the legacy code launch as `apps.sso_legacy` says.
 */
export const SIGN_ON_PROTOCOLS = ['oidc', 'legacy', 'saml', 'cas'] as const;
export type SignOnProtocol = (typeof SIGN_ON_PROTOCOLS)[number];

export const appListBody = pageRequest.extend({
  /** Part of the name or the app id. */
  keyword: text(LIMITS.searchMax).optional(),
  enabled: z.boolean().optional(),
  category: text(LIMITS.appCategoryMax).optional(),
}).extend(sortOf(ADMIN_SORTABLE.apps).shape);
export const appRefBody = z.object({ id });
/** A role group or a role, by its id. */
export const roleRefBody = z.object({ id });
export const appCreateBody = z.object({
  appId: identifier(LIMITS.appIdMax),
  appName: text(LIMITS.appNameMax).min(1),
  /** Defaults to "<appId>-client". */
  clientId: identifier(LIMITS.clientIdMax).optional(),
  icon: icon.nullable().optional(),
  category: text(LIMITS.appCategoryMax).min(1).nullable().optional(),
  idpSsoUrl: launchUrl,
  loginTypes,
  captchaStrategy: captchaStrategy.optional().default(null),
  secondAuthRequired: z.boolean().optional().default(false),
  sortOrder: sortOrder.optional().default(0),
  permSystem: z.boolean().optional().default(true),
  enabled: z.boolean().optional().default(true),
  redirectUris: oidcFields.redirectUris.optional().default([]),
  postLogoutRedirectUris: oidcFields.postLogoutRedirectUris.optional().default([]),
  grantTypes: oidcFields.grantTypes.optional().default([...OIDC_GRANT_TYPES]),
  accessTokenTtl: oidcFields.accessTokenTtl.optional().default(null),
  idTokenTtl: oidcFields.idTokenTtl.optional().default(null),
  refreshTokenTtl: oidcFields.refreshTokenTtl.optional().default(null),
  backchannelLogoutUri: oidcFields.backchannelLogoutUri.optional().default(null),
  initiateLoginUri: oidcFields.initiateLoginUri.optional().default(null),
  firstParty: oidcFields.firstParty.optional().default(false),
  /** Omitted: a legacy application, as every one was before OpenID Connect (and as the column defaults). */
  legacy: oidcFields.legacy.optional().default(true),
});
export type AppCreateBody = z.infer<typeof appCreateBody>;
/** The app id and client id are what applications and links know it by: they never change. */
export const appUpdateBody = z.object({
  id,
  appName: text(LIMITS.appNameMax).min(1).optional(),
  icon: icon.nullable().optional(),
  category: text(LIMITS.appCategoryMax).min(1).nullable().optional(),
  idpSsoUrl: launchUrl.optional(),
  loginTypes: loginTypes.optional(),
  captchaStrategy: captchaStrategy.optional(),
  secondAuthRequired: z.boolean().optional(),
  sortOrder: sortOrder.optional(),
  permSystem: z.boolean().optional(),
  redirectUris: oidcFields.redirectUris.optional(),
  postLogoutRedirectUris: oidcFields.postLogoutRedirectUris.optional(),
  grantTypes: oidcFields.grantTypes.optional(),
  accessTokenTtl: oidcFields.accessTokenTtl.optional(),
  idTokenTtl: oidcFields.idTokenTtl.optional(),
  refreshTokenTtl: oidcFields.refreshTokenTtl.optional(),
  backchannelLogoutUri: oidcFields.backchannelLogoutUri.optional(),
  initiateLoginUri: oidcFields.initiateLoginUri.optional(),
  firstParty: oidcFields.firstParty.optional(),
  legacy: oidcFields.legacy.optional(),
});
export type AppUpdateBody = z.infer<typeof appUpdateBody>;

export const roleGroupAddBody = z.object({ appRef: id, name: text(LIMITS.roleNameMax).min(1) });
export const roleGroupRenameBody = z.object({ id, name: text(LIMITS.roleNameMax).min(1) });
export const roleAddBody = z.object({ groupId: id, code: identifier(LIMITS.roleCodeMax), name: text(LIMITS.roleNameMax).min(1) });
export const roleRenameBody = z.object({ id, name: text(LIMITS.roleNameMax).min(1) });
export const appPeopleBody = z.object({ id, userIdSet: people });
/** An application's owners to add or remove, by account. */
export const appOwnersBody = z.object({ id, userIds: people });
export const appGroupsBody = z.object({ id, groupIdSet: z.array(id).min(1, 'select at least one group').max(LIMITS.membersPerBatchMax) });
export const appPageBody = pageRequest.extend({ id });

export const adminApp = z.object({
  id: idOut,
  appId: z.string(),
  appName: z.string(),
  icon: z.string().nullable(),
  category: z.string().nullable(),
  clientId: z.string(),
  idpSsoUrl: z.string(),
  loginTypes: z.array(z.enum(LOGIN_TYPES)),
  captchaStrategy: captchaStrategy,
  secondAuthRequired: z.boolean(),
  sortOrder: z.number().int(),
  permSystem: z.boolean(),
  enabled: z.boolean(),
  createdAt: isoTime,
  /** Whether a client secret was ever generated (its value is shown once, at rotation). */
  clientSecretSet: z.boolean(),
  /** Until when the secret before the last rotation is still accepted. */
  previousSecretValidUntil: isoTime.nullable(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  grantTypes: z.array(z.enum(OIDC_GRANT_TYPES)),
  accessTokenTtl: z.number().int().nullable(),
  idTokenTtl: z.number().int().nullable(),
  refreshTokenTtl: z.number().int().nullable(),
  backchannelLogoutUri: z.string().nullable(),
  initiateLoginUri: z.string().nullable(),
  firstParty: z.boolean(),
  legacy: z.boolean(),
  protocol: z.enum(SIGN_ON_PROTOCOLS),
  /** What the application is configured with: the provider's issuer and its discovery document. */
  issuer: z.string(),
  discoveryUrl: z.string(),
});
export type AdminApp = z.infer<typeof adminApp>;

export const adminRole = z.object({ id: idOut, code: z.string(), name: z.string(), holders: z.number().int() });
export const adminRoleGroup = z.object({ id: idOut, name: z.string(), roles: z.array(adminRole) });
export type AdminRoleGroup = z.infer<typeof adminRoleGroup>;

export const appPerson = z.object({ userId: z.string(), userName: z.string(), deptName: z.string().nullable() });
export type AppPerson = z.infer<typeof appPerson>;
export const userGrant = appPerson.extend({ grantedAt: isoTime });
export type UserGrant = z.infer<typeof userGrant>;
export const groupGrant = z.object({
  groupId: idOut,
  groupCode: z.string(),
  groupName: z.string(),
  groupType: z.union([z.literal(GroupType.SECURITY), z.literal(GroupType.MAIL)]),
  memberNumber: z.number().int(),
  grantedAt: isoTime,
});
export type GroupGrant = z.infer<typeof groupGrant>;

/** A freshly generated client secret: shown this once, only its hash is kept. */
export const rotatedSecret = z.object({ clientId: z.string(), clientSecret: z.string(), previousValidUntil: isoTime.nullable() });
export type RotatedSecret = z.infer<typeof rotatedSecret>;
