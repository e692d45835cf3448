// The issuer's address, with no imports: the portal's services (SSO redirects, the workbench's
// application details) name the issuer too, and the provider's context imports those services.

/** The provider's mount path; the issuer is the public origin plus this. */
export const OIDC_MOUNT = '/oidc';
/** The issuer identifier: the public origin plus the mount path. */
export const issuerOf = (publicUrl: string) => `${publicUrl}${OIDC_MOUNT}`;
