import { API_PREFIX, SPA_PATHS } from '../../contract/paths.js';
import { UPSTREAM_PATHS } from '../../contract/endpoints/upstream.js';
import { UPSTREAM_SAML_PATHS, type upstreamSamlEndpoints } from '../../contract/endpoints/upstreamSaml.js';
import { CODE, type ResultCode } from '../../contract/codes.js';
import { LIMITS, MOBILE_AS_ACCOUNT_PATTERN, UPSTREAM_LOGIN_TYPE } from '../../contract/rules.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { upstreamEndpoints } from '../../contract/endpoints/upstream.js';
import type { UpstreamButton, UpstreamFinishResult } from '../../contract/schemas/upstream.js';
import { AppError } from '../platform/lib/errors.js';
import { randomId, safeEqual, sha256 } from '../platform/lib/crypto.js';
import { outboundPolicyOf } from '../platform/lib/outboundUrl.js';
import { secretBox } from '../factors/secretBox.js';
import type { App } from '../apps/repository.js';
import type { User } from '../organisation/usersRepository.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import type { LoginOutcome } from '../sign-in/flow.js';
import { accountKey } from '../sign-in/throttle.js';
import { judgementOf } from '../risk/judged.js';
import type { RiskJudgement } from '../../contract/schemas/risk.js';
import { portalMobile, UpstreamRefused, type UpstreamIdentity } from './identity.js';
import { upstreamClients } from './clients.js';
import type { OidcRequestSecrets } from './oidcUpstream.js';
import type { UpstreamProvider } from './repository.js';
import { authnRequestUrl, readSamlResponse } from './samlUpstream.js';

/** Ticket purposes: the trip to the provider (its id is the `state`), the proven identity, and a bind asked for. */
const STATE_TICKET = 'upstream-state';
const IDENTITY_TICKET = 'upstream-identity';
const BIND_TICKET = 'upstream-bind';

interface StateData extends OidcRequestSecrets {
  provider: string;
  appId: string | null;
  redirect: string | null;
  /** SHA-256 of the random value in this browser's cookie: the answer must come back to the browser that left. */
  browser: string;
  /** SAML: the identity its Response proved at the ACS, taken up by the callback (where the browser's cookie is checked). */
  identity?: UpstreamIdentity;
}
interface IdentityData { provider: string; identity: UpstreamIdentity; appId: string | null }

/** Where the browser lands after the trip, and the cookie that ties the trip to it. */
export interface StartAnswer { location: string; browserBinding: string }

/** The sealed client secret's box: the provider's code is the additional data, so a secret moved to another provider does not open. */
export const upstreamSecretBox = (deps: Pick<CoreServices, 'secrets'>) => secretBox(deps.secrets, 'upstream-client-secret');

/**
 * Sign-in through another identity provider. The browser leaves with a single-use state (a
 * ticket, bound to this browser by a cookie), a nonce and a PKCE challenge; the answer is checked
 * (OIDC: oidcUpstream.ts; presets: presets.ts), then the sign-in page takes the proven identity over
 * (`finish`): an account already linked signs in; else one found by the provider's verified
 * attribute is linked; else the person binds by their portal password, or an account is created
 * (JIT), as the provider is set; never by an unverified email. The rest is the portal's own
 * sign-in flow (second factor, steps, session), the factor counted as passed only when the
 * provider is marked as performing MFA and said so (amr contains "mfa").
 */
export function upstreamService(ctx: ServiceContext, deps: Pick<CoreServices, 'sm2' | 'passwords' | 'captcha' | 'throttle' | 'tickets' | 'audit' | 'flow' | 'secrets'>) {
  const { clients } = upstreamClients((url, init) => outboundPolicyOf(ctx.config).fetch(url, init));
  const box = upstreamSecretBox(deps);
  const repo = () => ctx.repos.upstream;
  const redirectUri = () => `${ctx.config.publicUrl}${API_PREFIX}${UPSTREAM_PATHS.callback}`;
  const now = () => ctx.clock.now();
  /** The portal as a SAML service provider: one entityID per provider (so each IdP sees its own SP), one ACS for all. */
  const samlEntityId = (code: string) => `${ctx.config.publicUrl}${API_PREFIX}${UPSTREAM_SAML_PATHS.entity}/${code}`;
  const samlAcsUrl = () => `${ctx.config.publicUrl}${API_PREFIX}${UPSTREAM_SAML_PATHS.acs}`;

  /** Where the browser goes: the OIDC-shaped kinds' authorization URL, or a SAML AuthnRequest (its ID kept as the trip's nonce). */
  async function leaveFor(provider: UpstreamProvider, state: string): Promise<{ url: string; secrets: OidcRequestSecrets }> {
    if (provider.kind !== 'SAML') return clients[provider.kind].authorizationUrl(provider.settings, state, redirectUri());
    const ssoUrl = provider.settings.saml?.ssoUrl;
    if (!ssoUrl) throw new UpstreamRefused(`SAML provider ${provider.code} has no SingleSignOnService`);
    const { url, requestId } = authnRequestUrl(ssoUrl, samlEntityId(provider.code), samlAcsUrl(), state, now());
    return { url, secrets: { nonce: requestId, verifier: '' } };
  }

  const visible = (p: UpstreamProvider, appId: string | null | undefined) => p.appIds === null || (!!appId && p.appIds.includes(appId));

  /** The sign-in page again, with the application and return path it had, and what to do there. */
  function loginPage(appId: string | null | undefined, redirect: string | null | undefined, extra: Record<string, string>): string {
    const query = new URLSearchParams();
    if (appId) query.set('appId', appId);
    if (redirect) query.set('redirect', redirect);
    for (const [k, v] of Object.entries(extra)) query.set(k, v);
    return `${SPA_PATHS.login}?${query.toString()}`;
  }

  async function usableProvider(code: string, appId: string | null | undefined): Promise<UpstreamProvider> {
    const provider = await repo().find(code);
    if (!provider || !provider.enabled || !visible(provider, appId)) throw new AppError(CODE.upstreamFailed);
    return provider;
  }

  async function clientSecret(p: UpstreamProvider): Promise<string> {
    return p.secretSealed ? box.open(p.secretSealed, p.code) : '';
  }

  const record = (user: Pick<User, 'id' | 'account'> | null, account: string, app: App | undefined, result: ResultCode, caller: Caller, judgement?: RiskJudgement) =>
    deps.audit.signIn({ userRef: user?.id ?? null, account, optType: UPSTREAM_LOGIN_TYPE, app, result, caller, judgement });

  /** The portal's sign-in for an account the provider vouched for. */
  async function signIn(user: User, provider: UpstreamProvider, identity: UpstreamIdentity, appId: string | null, caller: Caller): Promise<LoginOutcome> {
    const app = await deps.flow.resolveApp(appId);
    try {
      deps.flow.assertUsable(user);
      if (app && !(await ctx.repos.apps.hasPermission(user.id, app.id))) throw new AppError(CODE.noAppPermission);
      const factorProven = provider.providerMfa && identity.amr.includes('mfa');
      // The success row is the flow's to write: with the session, in one transaction, when one opens.
      return await deps.flow.complete(user, app, UPSTREAM_LOGIN_TYPE, caller, {
        factorProven,
        success: (judgement) => ({ userRef: user.id, account: user.account, optType: UPSTREAM_LOGIN_TYPE, app, result: CODE.ok, caller, judgement }),
      });
    } catch (error) {
      if (error instanceof AppError) await record(user, user.account, app, error.code, caller, judgementOf(error));
      throw error;
    }
  }

  /** The account the provider's verified attribute names, or why there is none to link by. */
  async function matchByRule(provider: UpstreamProvider, identity: UpstreamIdentity): Promise<{ user?: User; unverified: boolean }> {
    switch (provider.linkRule) {
      case 'EMAIL': {
        if (!identity.email) return { unverified: false };
        if (!identity.emailVerified) return { unverified: true };
        const ids = await repo().usersByEmail(identity.email);
        return { user: ids.length === 1 ? await ctx.repos.users.findById(ids[0]) : undefined, unverified: false };
      }
      case 'PHONE': {
        const mobile = portalMobile(identity.phone);
        if (!mobile) return { unverified: false };
        if (!identity.phoneVerified) return { unverified: true };
        return { user: await ctx.repos.users.findByMobile(mobile), unverified: false };
      }
      case 'ACCOUNT':
        return { user: identity.account ? await ctx.repos.users.findByAccount(identity.account) : undefined, unverified: false };
    }
  }

  /** Links the identity to the account, with its log row; a racing second link of the same identity loses. */
  async function link(user: Pick<User, 'id'>, provider: UpstreamProvider, identity: UpstreamIdentity, caller: Caller): Promise<void> {
    await ctx.transaction(async (repos) => {
      if (await repos.upstream.hasLink(user.id, provider.code)) throw new AppError(CODE.upstreamLinked);
      if (!(await repos.upstream.link(user.id, provider.code, identity.subject, identity.name, now()))) throw new AppError(CODE.upstreamLinked);
      await deps.audit.operation(user.id, 'BIND_UPSTREAM', caller, provider.code, repos);
    });
  }

  /** A free account name for a new person: their upstream account or email name, else the provider's code and a short digest. */
  async function freeAccount(provider: UpstreamProvider, identity: UpstreamIdentity): Promise<string> {
    const clean = (v: string | null) => (v ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 40);
    const candidates = [clean(identity.account), clean(identity.email?.split('@')[0] ?? null)].filter((c) => c.length >= 2 && !MOBILE_AS_ACCOUNT_PATTERN.test(c));
    candidates.push(`${provider.code}-${sha256(identity.subject).slice(0, 8)}`);
    for (const candidate of candidates) if (!(await ctx.repos.users.findByAccount(candidate))) return candidate;
    return `${provider.code}-${randomId(6).toLowerCase().replace(/[^a-z0-9]/g, 'x')}`;
  }

  /** Just-in-time account: what the provider verified is kept, nothing it did not; no password (it signs in through the provider). */
  async function createAccount(provider: UpstreamProvider, identity: UpstreamIdentity, caller: Caller): Promise<User> {
    const account = await freeAccount(provider, identity);
    const mobile = identity.phoneVerified ? portalMobile(identity.phone) : null;
    const mobileFree = mobile && !(await ctx.repos.users.findByMobile(mobile)) ? mobile : null;
    const email = identity.emailVerified && identity.email && identity.email.length <= LIMITS.textMax ? identity.email : null;
    const at = now();
    const userRef = await ctx.transaction(async (repos) => {
      const id = await repos.users.create({
        account, userName: (identity.name ?? account).slice(0, 100), userType: 'STAFF', mobileNo: mobileFree, email, description: null, companyName: null,
        passwordHash: null, passwordLevel: null, passwordChangedAt: null, passwordExpireAt: null, phoneDisabled: false, enabled: true, activated: true,
        mustChangePassword: false, secondAuthRequired: false, seniorLeader: false, createdAt: at, updatedAt: at,
      });
      if (!(await repos.upstream.link(id, provider.code, identity.subject, identity.name, at))) throw new AppError(CODE.upstreamLinked);
      await deps.audit.operation(id, 'UPSTREAM_JIT_CREATE', caller, provider.code, repos);
      return id;
    });
    const user = await ctx.repos.users.findById(userRef);
    if (!user) throw new Error('the account just created is gone');
    return user;
  }

  return {
    async buttons(appId: string | undefined): Promise<UpstreamButton[]> {
      if (appId) {
        const app = await ctx.repos.apps.findByAppId(appId);
        if (!app?.enabled) return [];
      }
      return (await repo().enabled()).filter((p) => visible(p, appId)).map((p) => ({ code: p.code, name: p.name, kind: p.kind }));
    },

    /** The browser leaves for the provider; a refusal sends it back to the sign-in page saying so. */
    async start(input: InputOf<typeof upstreamEndpoints.start>): Promise<StartAnswer> {
      const redirect = input.redirect ?? null;
      try {
        const provider = await usableProvider(input.provider, input.appId);
        const browserBinding = randomId(24);
        const state = randomId(24);
        const { url, secrets } = await leaveFor(provider, state);
        const data: StateData = { provider: provider.code, appId: input.appId ?? null, redirect, browser: sha256(browserBinding), ...secrets };
        await ctx.repos.tickets.create({ id: state, purpose: STATE_TICKET, userRef: null, step: 'sent', data: JSON.stringify(data), createdAt: now(), expiresAt: now() + ctx.config.ticketMinutes * 60_000 });
        return { location: url, browserBinding };
      } catch (error) {
        if (error instanceof UpstreamRefused) console.error(`upstream ${input.provider}: ${error.message}`);
        else if (!(error instanceof AppError)) throw error;
        return { location: loginPage(input.appId, redirect, { upstreamError: CODE.upstreamFailed }), browserBinding: '' };
      }
    },

    /**
     * The provider's answer. The state is taken once (a replay finds it used), must come back to
     * the browser that left, and the code is redeemed and checked; the proven identity waits in a
     * ticket for the sign-in page. Any failure lands on the sign-in page with E60101; the log says why.
     */
    async callback(input: InputOf<typeof upstreamEndpoints.callback>, browserBinding: string | undefined): Promise<string> {
      let back = loginPage(null, null, { upstreamError: CODE.upstreamFailed });
      try {
        const ticket = await deps.tickets.load<StateData>(input.state, [STATE_TICKET], ['sent', 'answered']);
        const state = ticket.payload;
        back = loginPage(state.appId, state.redirect, { upstreamError: CODE.upstreamFailed });
        // Taken before anything else: a second use of the same state (replay, double submit) fails here.
        await deps.tickets.advance(ticket, 'used', { ...state, nonce: '', verifier: '', identity: undefined });
        if (!browserBinding || !safeEqual(sha256(browserBinding), state.browser)) throw new UpstreamRefused('the answer came back to another browser');
        const provider = await usableProvider(state.provider, state.appId);
        let identity: UpstreamIdentity;
        if (provider.kind === 'SAML') {
          // Only the ACS moves a SAML trip to "answered", after the Response passed every check.
          if (ticket.step !== 'answered' || !state.identity) throw new UpstreamRefused('no checked SAML Response for this state');
          identity = state.identity;
        } else {
          const code = input.code ?? input.authCode;
          if (ticket.step !== 'sent' || input.error || !code) throw new UpstreamRefused(`provider answered ${input.error ?? 'without a code'}`);
          identity = await clients[provider.kind].redeem(provider.settings, await clientSecret(provider), code, redirectUri(), state);
        }
        await deps.tickets.close(ticket.id);
        const proven = await deps.tickets.issue<IdentityData>(IDENTITY_TICKET, null, 'proven', { provider: provider.code, identity, appId: state.appId });
        return loginPage(state.appId, state.redirect, { upstream: proven });
      } catch (error) {
        if (error instanceof UpstreamRefused) console.error(`upstream sign-in refused: ${error.message}`);
        else if (!(error instanceof AppError)) console.error('upstream sign-in failed:', error);
        return back;
      }
    },

    /**
     * A SAML provider's Response, posted by the browser from the provider's page (a cross-site
     * POST: the Lax cookie tying the trip to the browser is not sent, so it is checked on the next
     * hop). The Response is checked against the state's request (samlUpstream.ts), the state moves
     * to "answered" once — a replayed Response, or a second one for the same request, finds it moved
     * on — and the browser goes on to the callback by a same-site GET, where its cookie is checked.
     */
    async samlAcs(input: InputOf<typeof upstreamSamlEndpoints.acs>): Promise<string> {
      let back = loginPage(null, null, { upstreamError: CODE.upstreamFailed });
      try {
        const ticket = await deps.tickets.load<StateData>(input.RelayState, [STATE_TICKET], ['sent']);
        const state = ticket.payload;
        back = loginPage(state.appId, state.redirect, { upstreamError: CODE.upstreamFailed });
        const provider = await usableProvider(state.provider, state.appId);
        const saml = provider.settings.saml;
        if (provider.kind !== 'SAML' || !saml) throw new UpstreamRefused('a SAML Response for a trip to another kind of provider');
        const identity = await readSamlResponse(input.SAMLResponse, {
          entityId: provider.settings.clientId, certificates: saml.certificates ?? [], spEntityId: samlEntityId(provider.code), acsUrl: samlAcsUrl(),
          requestId: state.nonce, now: now(), saml,
        });
        await deps.tickets.advance(ticket, 'answered', { ...state, nonce: '', identity });
        return `${API_PREFIX}${UPSTREAM_PATHS.callback}?${new URLSearchParams({ state: ticket.id })}`;
      } catch (error) {
        if (error instanceof UpstreamRefused) console.error(`upstream sign-in refused: ${error.message}`);
        else if (!(error instanceof AppError)) console.error('upstream sign-in failed:', error);
        return back;
      }
    },

    async finish(input: InputOf<typeof upstreamEndpoints.finish>, caller: Caller): Promise<{ result: UpstreamFinishResult; outcome: LoginOutcome | null }> {
      const ticket = await deps.tickets.load<IdentityData>(input.ticket, [IDENTITY_TICKET], ['proven']);
      // Single use: the proven identity signs in once.
      await deps.tickets.advance(ticket, 'taken', ticket.payload);
      await deps.tickets.close(ticket.id);
      const { identity, appId } = ticket.payload;
      const provider = await usableProvider(ticket.payload.provider, appId);
      const answer = (outcome: LoginOutcome) => ({
        result: { kind: 'signedIn' as const, response: outcome.response, srmi: null, providerName: provider.name, upstreamName: identity.name }, outcome,
      });

      const linked = await repo().linkedUser(provider.code, identity.subject);
      const linkedUser = linked === undefined ? undefined : await ctx.repos.users.findById(linked);
      if (linkedUser) return answer(await signIn(linkedUser, provider, identity, appId, caller));

      const match = await matchByRule(provider, identity);
      if (match.user) {
        await link(match.user, provider, identity, caller);
        return answer(await signIn(match.user, provider, identity, appId, caller));
      }
      if (provider.askBind) {
        const srmi = await deps.tickets.issue<IdentityData>(BIND_TICKET, null, 'bind', ticket.payload);
        return { result: { kind: 'bind', response: null, srmi, providerName: provider.name, upstreamName: identity.name }, outcome: null };
      }
      if (provider.jit) return answer(await signIn(await createAccount(provider, identity, caller), provider, identity, appId, caller));
      await record(null, identity.account ?? identity.subject, await deps.flow.resolveApp(appId).catch(() => undefined), match.unverified ? CODE.upstreamUnverified : CODE.upstreamNoAccount, caller);
      throw new AppError(match.unverified ? CODE.upstreamUnverified : CODE.upstreamNoAccount);
    },

    /** The person proves a portal account by its password (the password sign-in's throttle and captcha), and the two are linked. */
    async bind(input: InputOf<typeof upstreamEndpoints.bind>, caller: Caller): Promise<LoginOutcome> {
      const ticket = await deps.tickets.load<IdentityData>(input.srmi, [BIND_TICKET], ['bind']);
      const plain = await deps.sm2.decryptAll({ userId: input.userId, password: input.password });
      const account = plain.userId.trim();
      if (!account || account.length > LIMITS.accountMax) throw new AppError(CODE.accountOrPasswordWrong);
      const attempt = await deps.throttle.reserve(accountKey(account), caller.ip);
      if (attempt.captchaRequired) {
        const refusal = !input.validCode || !input.capKey ? CODE.captchaRequired : (await deps.captcha.verify(input.capKey, input.validCode)) ? null : CODE.codeWrong;
        if (refusal) {
          await attempt.cancel();
          throw new AppError(refusal);
        }
      }
      const user = await ctx.repos.users.findByAccount(account);
      const passwordOk = await deps.passwords.verify(user?.passwordHash ?? null, plain.password);
      if (!user || !passwordOk) {
        const { locked, minutes } = await attempt.failed();
        await record(user ?? null, account, undefined, locked ? CODE.accountLocked : CODE.accountOrPasswordWrong, caller);
        if (locked) throw new AppError(CODE.accountLocked, { minutes });
        throw new AppError(CODE.accountOrPasswordWrong);
      }
      await attempt.succeeded();
      // The ticket is spent by the first proof that works: a second racer finds it moved on.
      await deps.tickets.advance(ticket, 'bound', ticket.payload);
      await deps.tickets.close(ticket.id);
      const { identity, appId } = ticket.payload;
      const provider = await usableProvider(ticket.payload.provider, appId);
      await link(user, provider, identity, caller);
      return signIn(user, provider, identity, appId, caller);
    },
  };
}

export type UpstreamService = ReturnType<typeof upstreamService>;
