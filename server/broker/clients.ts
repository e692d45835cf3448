import type { UpstreamKind } from '../../contract/schemas/upstream.js';
import type { UpstreamSettings } from '../../contract/schemas/admin/upstream.js';
import type { UpstreamIdentity } from './identity.js';
import { oidcUpstream, type OidcRequestSecrets, type OutboundFetch } from './oidcUpstream.js';
import { dingtalk, feishu, wecom } from './presets.js';

/** One way of talking to a kind of provider: where the browser goes, and what its code is worth. */
export interface UpstreamClient {
  authorizationUrl(settings: UpstreamSettings, state: string, redirectUri: string): Promise<{ url: string; secrets: OidcRequestSecrets }>;
  redeem(settings: UpstreamSettings, clientSecret: string, code: string, redirectUri: string, secrets: OidcRequestSecrets): Promise<UpstreamIdentity>;
}

/** The client of each kind, all calling out through the same vetted fetch. */
/** SAML is not among them: its trip has another shape (samlUpstream.ts, an AuthnRequest out and a posted Response back). */
export type CodeFlowKind = Exclude<UpstreamKind, 'SAML'>;

export function upstreamClients(fetch: OutboundFetch): { clients: Record<CodeFlowKind, UpstreamClient>; checkOidc: (settings: UpstreamSettings) => Promise<void> } {
  const oidc = oidcUpstream(fetch);
  const preset = (p: ReturnType<typeof wecom>): UpstreamClient => ({
    authorizationUrl: async (settings, state, redirectUri) => p.authorizationUrl(settings, state, redirectUri),
    redeem: (...args) => p.redeem(...args),
  });
  return {
    clients: { OIDC: oidc, WECOM: preset(wecom(fetch)), DINGTALK: preset(dingtalk(fetch)), FEISHU: preset(feishu(fetch)) },
    checkOidc: (settings) => oidc.check(settings),
  };
}
