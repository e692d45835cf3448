/**
 * The SCIM attributes this server keeps (RFC 7643 §4, §8.7.1), described once: `/Schemas`
 * publishes these descriptions, and the PATCH engine takes attribute names, which values are
 * lists, and what may be written from them.
 */
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  /** The portal's own group fields: the code, the kind (security or mail), the address, the manager. */
  portalGroup: 'urn:idaas:params:scim:schemas:extension:portal:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export type Mutability = 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';

export interface Attribute {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference' | 'integer';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: Mutability;
  returned?: 'always' | 'never' | 'default' | 'request';
  uniqueness?: 'none' | 'server' | 'global';
  canonicalValues?: readonly string[];
  referenceTypes?: readonly string[];
  description: string;
  subAttributes?: readonly Attribute[];
}

export interface SchemaDefinition {
  id: string;
  name: string;
  description: string;
  attributes: readonly Attribute[];
}

const str = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({ name, type: 'string', description, ...more });

const userAttributes: readonly Attribute[] = [
  str('userName', 'The portal account name: 4-40 letters, digits, dots, underscores or hyphens, kept in lower case. Set at creation, never changed.', {
    required: true, uniqueness: 'server', mutability: 'immutable',
  }),
  {
    name: 'name', type: 'complex', description: 'The name shown in the portal (formatted; given and family names make it when formatted is absent). Given and family names are kept as sent and read back.',
    subAttributes: [
      str('formatted', 'The full name'), str('familyName', 'Family name'), str('givenName', 'Given name'),
      ...['middleName', 'honorificPrefix', 'honorificSuffix'].map((n) => str(n, 'Accepted, not kept')),
    ],
  },
  str('displayName', 'The name shown in the portal (the same value as name.formatted).'),
  str('title', 'Position'),
  str('userType', 'The kind of account', { canonicalValues: ['STAFF', 'TEMP', 'PUBLIC_MAIL'] }),
  { name: 'active', type: 'boolean', description: 'false disables the account and ends its sessions at once' },
  str('password', 'A first password, at creation only (the password policy applies); never returned. Later changes go through the portal.', {
    mutability: 'writeOnly', returned: 'never',
  }),
  {
    name: 'emails', type: 'complex', multiValued: true, description: 'One address is kept: the primary one (else the first).',
    subAttributes: [str('value', 'The address'), str('type', 'work', { canonicalValues: ['work'] }), { name: 'primary', type: 'boolean', description: 'Always true for the one kept' }],
  },
  {
    name: 'phoneNumbers', type: 'complex', multiValued: true,
    description: 'The mobile number (type mobile, or a number without a type): a mainland number, unique among accounts. Other types are ignored.',
    subAttributes: [str('value', 'The number'), str('type', 'mobile', { canonicalValues: ['mobile'] }), { name: 'primary', type: 'boolean', description: 'Always true' }],
  },
  {
    name: 'groups', type: 'complex', multiValued: true, mutability: 'readOnly', description: 'Groups the user is a member of (change them through /Groups).',
    subAttributes: [str('value', 'Group id', { mutability: 'readOnly' }), str('display', 'Group name', { mutability: 'readOnly' }), { name: '$ref', type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly', description: 'The group' }],
  },
];

const enterpriseAttributes: readonly Attribute[] = [
  str('department', 'The organisation node the user is placed in: its path from the top ("Company/Department") or, when unambiguous, its name.'),
];

const groupAttributes: readonly Attribute[] = [
  str('displayName', 'The group name', { required: true }),
  {
    name: 'members', type: 'complex', multiValued: true, description: 'Members: users only, value is the user id. Deactivated users are members like any other; shared mailboxes cannot join.',
    subAttributes: [
      str('value', 'User id', { mutability: 'immutable' }),
      str('display', 'The user name', { mutability: 'readOnly' }),
      str('type', 'User', { canonicalValues: ['User'], mutability: 'immutable' }),
      { name: '$ref', type: 'reference', referenceTypes: ['User'], mutability: 'readOnly', description: 'The user' },
    ],
  },
];

const portalGroupAttributes: readonly Attribute[] = [
  str('groupCode', 'The group code (letters, digits, dot, underscore, hyphen). Made up when absent; never changed.', { mutability: 'immutable', uniqueness: 'server', caseExact: true }),
  str('groupType', 'SECURITY (the default) or MAIL', { canonicalValues: ['SECURITY', 'MAIL'], mutability: 'immutable' }),
  str('email', 'The address of a mail group (required for MAIL, absent for SECURITY)'),
  {
    name: 'manager', type: 'complex', description: "Who manages the group in the portal; the token's creator when absent.",
    subAttributes: [str('value', 'User id'), str('display', 'The user name', { mutability: 'readOnly' })],
  },
];

/** Attributes every resource has (RFC 7643 §3.1); not part of a schema's list. */
export const COMMON_ATTRIBUTES: readonly Attribute[] = [
  str('id', 'Stable id', { mutability: 'readOnly', returned: 'always', caseExact: true, uniqueness: 'server' }),
  str('externalId', "The id the provisioning client knows the resource by", { caseExact: true }),
  { name: 'meta', type: 'complex', mutability: 'readOnly', description: 'resourceType, created, lastModified, location, version' },
];

export const SCHEMAS: readonly SchemaDefinition[] = [
  { id: SCHEMA.user, name: 'User', description: 'A portal account', attributes: userAttributes },
  { id: SCHEMA.enterprise, name: 'EnterpriseUser', description: 'Where the user sits in the organisation', attributes: enterpriseAttributes },
  { id: SCHEMA.group, name: 'Group', description: 'A security or mail group of the portal', attributes: groupAttributes },
  { id: SCHEMA.portalGroup, name: 'PortalGroup', description: "The portal's group fields", attributes: portalGroupAttributes },
];

/** One schema of a resource: the attributes kept, and those accepted but not kept. */
export interface Container {
  attributes: readonly Attribute[];
  /**
   * Attributes of RFC 7643 this server does not keep: identity providers send their default
   * mappings (addresses, nickName, employeeNumber…), so these are accepted and dropped, not refused.
   */
  ignored: readonly string[];
}

/**
 * A resource's attributes as the PATCH engine sees them: the core schema (with id, externalId,
 * meta) and its extensions, each a JSON object under its URN.
 */
export interface ResourceShape {
  core: string;
  container: Container;
  extensions: Record<string, Container>;
}

export const USER_SHAPE: ResourceShape = {
  core: SCHEMA.user,
  container: {
    attributes: [...COMMON_ATTRIBUTES, ...userAttributes],
    ignored: ['nickName', 'profileUrl', 'preferredLanguage', 'locale', 'timezone', 'addresses', 'ims', 'photos', 'entitlements', 'roles', 'x509Certificates'],
  },
  extensions: {
    [SCHEMA.enterprise]: { attributes: enterpriseAttributes, ignored: ['employeeNumber', 'costCenter', 'organization', 'division', 'manager'] },
  },
};

export const GROUP_SHAPE: ResourceShape = {
  core: SCHEMA.group,
  container: { attributes: [...COMMON_ATTRIBUTES, ...groupAttributes], ignored: [] },
  extensions: { [SCHEMA.portalGroup]: { attributes: portalGroupAttributes, ignored: [] } },
};
