import { CODE } from '../../contract/codes.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { adminAppsSignOnEndpoints } from '../../contract/endpoints/admin/appsSignOn.js';
import type { SamlGetAnswer, SamlIdp, SamlParsedMetadata } from '../../contract/schemas/admin/appsSignOn.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { isUniqueViolation } from '../platform/db/constraints.js';
import { AppError } from '../platform/lib/errors.js';
import { appTarget } from './adminAccess.js';
import { casSettingsOf, samlSettingsOf } from './signOnAudit.js';
import { describeCertificate, requireCertificate } from './samlCertificates.js';
import { parseSpMetadata, safeMetadataDocument } from './samlMetadata.js';
import type { SamlSpRecord } from './signOnRepository.js';
import { scopeService } from '../administrators/scope.js';

/** Where the identity provider answers (server/protocols/saml): its entity ID is its metadata URL. */
export const SAML_MOUNT = '/saml';
export const samlIdpOf = (publicUrl: string): SamlIdp => ({
  entityId: `${publicUrl}${SAML_MOUNT}/metadata`,
  metadataUrl: `${publicUrl}${SAML_MOUNT}/metadata`,
  ssoUrl: `${publicUrl}${SAML_MOUNT}/sso`,
  sloUrl: `${publicUrl}${SAML_MOUNT}/slo`,
});

/**
 * Workbench: an application as a SAML 2.0 service provider. What is saved is what the identity
 * provider trusts on the next request — the only addresses a response is ever sent to, the
 * certificates a signed request must verify with — so everything is checked here, before it is
 * stored: certificates must read as X.509, exactly one consumer service is the default, signed
 * requests need a certificate, and an imported document must be one the SAML parser accepts.
 */
export function adminSamlService(ctx: ServiceContext, base: BaseServices) {
  const idp = samlIdpOf(ctx.config.publicUrl);

  const scopes = scopeService(ctx, base);
  const appOf = (actor: AuthUser, id: number) => scopes.app(actor, id);

  function recordOf(body: InputOf<typeof adminAppsSignOnEndpoints.samlSave>, now: number): SamlSpRecord {
    if (body.acsUrls.filter((a) => a.isDefault).length !== 1) throw new AppError(CODE.samlAcsDefault);
    if (body.requestsSigned && !body.signingCerts.length) throw new AppError(CODE.samlSigningCertRequired);
    if (body.metadataXml !== null) safeMetadataDocument(body.metadataXml);
    const signingCerts = [...new Set(body.signingCerts.map((c, i) => requireCertificate(c, `signingCerts[${i}]`)))];
    return {
      entityId: body.entityId, acsUrls: body.acsUrls, sloUrl: body.sloUrl, sloBinding: body.sloBinding, nameIdFormat: body.nameIdFormat,
      attributes: body.attributes, requestsSigned: body.requestsSigned, signingCerts,
      encryptionCert: body.encryptionCert === null ? null : requireCertificate(body.encryptionCert, 'encryptionCert'),
      metadataXml: body.metadataXml, updatedAt: now,
    };
  }

  return {
    async get(actor: AuthUser, id: number): Promise<SamlGetAnswer> {
      await appOf(actor, id);
      const sp = await ctx.repos.admin.signOn.samlFind(id);
      if (!sp) return { sp: null, idp };
      return {
        sp: {
          ...sp, signingCerts: sp.signingCerts.map(describeCertificate),
          encryptionCert: sp.encryptionCert === null ? null : describeCertificate(sp.encryptionCert),
          updatedAt: new Date(sp.updatedAt).toISOString(),
        },
        idp,
      };
    },

    parseMetadata: (xml: string): SamlParsedMetadata => parseSpMetadata(xml),

    /**
     * Saves the settings and, in the same transaction, ends the application's CAS services: one
     * application speaks one protocol. The entity ID's uniqueness is the index's to decide, so two
     * administrators saving the same one for two applications at once cannot both succeed.
     */
    async save(actor: AuthUser, body: InputOf<typeof adminAppsSignOnEndpoints.samlSave>, caller: Caller): Promise<null> {
      const app = await appOf(actor, body.id);
      const record = recordOf(body, ctx.clock.now());
      await ctx.transaction(async (repos) => {
        await repos.admin.signOn.lockRegistry();
        const before = await repos.admin.signOn.samlFind(app.id);
        const casBefore = await repos.admin.signOn.casList(app.id);
        await repos.admin.signOn.samlSave(app.id, record).catch((error: unknown) => {
          throw isUniqueViolation(error) ? new AppError(CODE.samlEntityIdTaken) : error;
        });
        if (casBefore.length) await repos.admin.signOn.casDelete(app.id);
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_SAML_SAVE', appTarget(app), {
          before: { saml: samlSettingsOf(before), ...(casBefore.length ? { cas: casSettingsOf(casBefore) } : {}) },
          after: { saml: samlSettingsOf(record), ...(casBefore.length ? { cas: null } : {}) },
        }, caller, repos);
      });
      return null;
    },

    async remove(actor: AuthUser, id: number, caller: Caller): Promise<null> {
      const app = await appOf(actor, id);
      await ctx.transaction(async (repos) => {
        const before = await repos.admin.signOn.samlFind(app.id);
        // Nothing registered: nothing changes, and nothing is logged.
        if (!before || !(await repos.admin.signOn.samlDelete(app.id))) return;
        await base.audit.adminChange(actor.userRef, 'ADMIN_APP_SAML_REMOVE', appTarget(app), { before: { saml: samlSettingsOf(before) }, after: { saml: null } }, caller, repos);
      });
      return null;
    },
  };
}

export type AdminSamlService = ReturnType<typeof adminSamlService>;
