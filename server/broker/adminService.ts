import { createPublicKey } from 'node:crypto';
import { CODE } from '../../contract/codes.js';
import type { AdminUpstreamProvider, UpstreamSaveBody, UpstreamSettings } from '../../contract/schemas/admin/upstream.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { outboundPolicyOf } from '../platform/lib/outboundUrl.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { BaseServices } from '../composition/portalServicesType.js';
import { UpstreamRefused } from './identity.js';
import { upstreamClients } from './clients.js';
import { upstreamSecretBox } from './service.js';
import type { ProviderRecord } from './adminRepository.js';
import type { UpstreamProvider } from './repository.js';
import { readIdpMetadata } from './samlUpstream.js';
import { certPem } from '../protocols/saml/constants.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** What the operation log keeps of a provider: its settings, never its secret (only whether one is set). */
const view = (p: UpstreamProvider) => ({
  name: p.name, kind: p.kind, enabled: p.enabled, settings: p.settings, hasSecret: !!p.secretSealed, linkRule: p.linkRule, askBind: p.askBind, jit: p.jit,
  providerMfa: p.providerMfa, appIds: p.appIds, sortOrder: p.sortOrder,
});

/**
 * Workbench: the identity providers people may sign in through. A provider is checked before it
 * is kept (an OpenID Connect one by reading its discovery document and keys through the outbound
 * policy), its secret sealed, and every change logged with before and after.
 */
export function adminUpstreamService(ctx: ServiceContext, base: BaseServices) {
  const repo = ctx.repos.admin.upstream;
  const box = upstreamSecretBox(base);
  const { checkOidc } = upstreamClients((url, init) => outboundPolicyOf(ctx.config).fetch(url, init));
  const target = (code: string) => `upstream:${code}`;

  const fetchOut = (url: string, init?: RequestInit) => outboundPolicyOf(ctx.config).fetch(url, init);

  /**
   * A SAML provider as kept: its metadata (pasted, or fetched through the outbound policy) gives
   * the entityID (clientId), the HTTP-Redirect SingleSignOnService and the signing certificates; the
   * pasted text itself is not kept. Without metadata, what was typed must be complete.
   */
  async function samlSettings(settings: UpstreamSettings): Promise<UpstreamSettings> {
    const saml = settings.saml ?? {};
    let xml = saml.metadataXml;
    if (!xml && saml.metadataUrl) {
      const res = await fetchOut(saml.metadataUrl, { headers: { accept: 'application/samlmetadata+xml, application/xml' } });
      if (!res.ok) throw new UpstreamRefused(`metadata: HTTP ${res.status}`);
      xml = await res.text();
    }
    const { metadataXml: _pasted, ...kept } = saml;
    if (xml) {
      const metadata = readIdpMetadata(xml);
      return { ...settings, clientId: metadata.entityId, saml: { ...kept, ssoUrl: metadata.ssoUrl, certificates: metadata.certificates } };
    }
    if (!kept.ssoUrl) throw new UpstreamRefused('metadata or a SingleSignOnService URL');
    const certificates = (kept.certificates ?? []).map((c) => c.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''));
    if (!certificates.length) throw new UpstreamRefused('metadata or a signing certificate');
    for (const cert of certificates) {
      try {
        createPublicKey(certPem(cert));
      } catch {
        throw new UpstreamRefused('a signing certificate does not read');
      }
    }
    return { ...settings, saml: { ...kept, certificates } };
  }

  /** The settings to keep, once the provider is checked; a refusal is E60106 with its reason. */
  async function check(body: UpstreamSaveBody, hasSecret: boolean): Promise<UpstreamSettings> {
    if (body.kind === 'SAML') {
      try {
        return await samlSettings(body.settings);
      } catch (error) {
        const reason = error instanceof UpstreamRefused ? error.message : `metadata: ${(error as Error).message}`;
        throw new AppError(CODE.upstreamInvalid, { reason: reason.slice(0, 200) });
      }
    }
    if (!hasSecret) throw new AppError(CODE.upstreamInvalid, { reason: 'client secret' });
    if (body.kind === 'WECOM' && !body.settings.agentId) throw new AppError(CODE.upstreamInvalid, { reason: 'agentId' });
    if (body.kind !== 'OIDC') return body.settings;
    try {
      await checkOidc(body.settings);
    } catch (error) {
      const reason = error instanceof UpstreamRefused ? error.message : `discovery: ${(error as Error).message}`;
      throw new AppError(CODE.upstreamInvalid, { reason: reason.slice(0, 200) });
    }
    return body.settings;
  }

  async function record(body: UpstreamSaveBody, settings: UpstreamSettings, secretSealed: string | null): Promise<ProviderRecord> {
    return {
      code: body.code, name: body.name, kind: body.kind, enabled: body.enabled, settings,
      secretSealed: body.clientSecret ? await box.seal(body.clientSecret, body.code) : secretSealed,
      linkRule: body.linkRule, askBind: body.askBind, jit: body.jit, providerMfa: body.providerMfa, appIds: body.appIds, sortOrder: body.sortOrder,
    };
  }

  return {
    async list(): Promise<AdminUpstreamProvider[]> {
      return (await repo.list()).map((p) => ({
        code: p.code, ...view(p), hasSecret: !!p.secretSealed, links: p.links, createdAt: iso(p.createdAt), updatedAt: iso(p.updatedAt),
      }));
    },

    async create(actor: AuthUser, body: UpstreamSaveBody, caller: Caller): Promise<null> {
      const settings = await check(body, !!body.clientSecret);
      const next = await record(body, settings, null);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.upstream.insert(next, ctx.clock.now()))) throw new AppError(CODE.upstreamTaken);
        const after = await repos.admin.upstream.find(body.code);
        await base.audit.adminChange(actor.userRef, 'ADMIN_UPSTREAM_CREATE', target(body.code), { after: after && view(after) }, caller, repos);
      });
      return null;
    },

    async update(actor: AuthUser, body: UpstreamSaveBody, caller: Caller): Promise<null> {
      const before = await repo.find(body.code);
      if (!before) throw notFound();
      const settings = await check(body, !!body.clientSecret || !!before.secretSealed);
      const next = await record(body, settings, before.secretSealed);
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.upstream.update(next, ctx.clock.now()))) throw notFound();
        const after = await repos.admin.upstream.find(body.code);
        await base.audit.adminChange(actor.userRef, 'ADMIN_UPSTREAM_UPDATE', target(body.code), { before: view(before), after: after && view(after) }, caller, repos);
      });
      return null;
    },

    async delete(actor: AuthUser, code: string, caller: Caller): Promise<null> {
      const before = await repo.find(code);
      if (!before) throw notFound();
      await ctx.transaction(async (repos) => {
        if (!(await repos.admin.upstream.delete(code))) throw notFound();
        await base.audit.adminChange(actor.userRef, 'ADMIN_UPSTREAM_DELETE', target(code), { before: view(before) }, caller, repos);
      });
      return null;
    },
  };
}
