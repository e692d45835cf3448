import type { RiskAction, RiskLevel, RiskSignal } from '../../contract/schemas/risk.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { App } from '../apps/repository.js';
import type { User } from '../organisation/usersRepository.js';
import type { SettingsService } from '../policies/settings.js';
import type { RecentFailures, ThrottleService } from '../sign-in/throttle.js';
import { DAY, HOUR } from '../platform/lib/clock.js';
import { localHour } from '../platform/lib/timeZone.js';
import { networkPrefix } from './prefix.js';
import { zoneMatcher } from './zones.js';
import { distanceKm, placeLabel } from './geo.js';
import { signalsOf } from './signals.js';
import { actionOf, effectivePolicy, levelOf } from './decide.js';
import type { Locator, RiskVerdict, SignInAlerts } from './types.js';
import type { RiskProfile } from './profileRepository.js';
import type { SessionOpening } from '../sign-in/sessionOpening.js';

/** A network is known for this long after a sign-in from it. */
export const NETWORK_KNOWN_DAYS = 90;

export interface RiskDeps {
  settings: SettingsService;
  throttle: ThrottleService;
  /** Where addresses are (GEOIP_DB, or a test's); null: prefix-only signals, no impossible travel. */
  locator: Locator | null;
}

/** What a sign-in brings to be judged beyond the person, the application and the caller. */
export interface RiskInput {
  /** The browser holds a valid device-trust cookie of this person. */
  deviceTrusted: boolean;
  /** The budgets' failures as the credential check saw them; read from the counters when absent. */
  failures?: RecentFailures;
}

/**
 * Adaptive sign-in: judges each sign-in once its credentials are proven (signals → level →
 * action, recorded on its sign-in log row) and, once its session opens, teaches the person's
 * profile the network and the hour. Costs a few key lookups and one short locked write per
 * sign-in; the zones and the policy are cached per instance.
 */
export function riskService(ctx: ServiceContext, deps: RiskDeps) {
  const zones = zoneMatcher(ctx);
  const profiles = ctx.repos.riskProfiles;

  /** A benchmark's baseline (RISK_SIGNALS=off): nothing looked up, nothing learnt, let through. */
  const unjudged = (caller: Caller, now: number, enrolOnStepUp: boolean) => ({
    judgement: { level: 'LOW' as const, signals: [], place: null },
    action: 'ALLOW' as const,
    prefix: networkPrefix(caller.ip),
    learnNetwork: false,
    hours: [],
    hour: localHour(now, ctx.config.timeZone),
    notify: false,
    enrolOnStepUp,
  });

  return {
    zones,

    /**
     * A launch of an application on a session already open (OpenID Connect, SAML, CAS, the legacy
     * launch). The person was judged when they signed in — by the default policy, or another
     * application's — so this application's network rules are checked again from where the launch
     * comes: one confined to office or VPN zones is not reached from elsewhere through an earlier
     * sign-in, and a blocked address is refused wherever the policy refuses it. True: refuse (E30056).
     */
    async launchRefused(appId: string, caller: Caller): Promise<boolean> {
      const rules = (await deps.settings.current()).risk;
      if (!rules.enabled || !ctx.config.riskSignals) return false;
      const [app, zone] = await Promise.all([ctx.repos.apps.findByAppId(appId), zones.match(caller.ip)]);
      const policy = effectivePolicy(rules, app?.riskPolicy);
      const signals: RiskSignal[] = zone.kinds.has('BLOCKED') ? ['BLOCKED_ZONE'] : [];
      return actionOf(policy, levelOf(signals), signals, zone.ids) === 'REFUSE';
    },

    /**
     * Judges a sign-in. The person's profile row is locked while the signals that need it are
     * computed, and the last place and time are written before the lock is let go (unless the
     * sign-in is refused), so a second sign-in judged at the same moment sees this one.
     */
    async judge(user: User, app: App | undefined, caller: Caller, input: RiskInput): Promise<RiskVerdict & { enrolOnStepUp: boolean }> {
      const now = ctx.clock.now();
      const policy = effectivePolicy((await deps.settings.current()).risk, app?.riskPolicy);
      if (!ctx.config.riskSignals) return unjudged(caller, now, policy.enrolOnStepUp);
      const place = deps.locator?.locate(caller.ip) ?? null;
      const prefix = networkPrefix(caller.ip);
      const hour = localHour(now, ctx.config.timeZone);
      const zone = await zones.match(caller.ip);
      const knownPlace = zone.kinds.has('OFFICE') || zone.kinds.has('VPN');
      const device = input.deviceTrusted || !caller.deviceId ? null : { id: caller.deviceId, since: now - policy.newDeviceDays * DAY };
      const [{ deviceKnown, networkSeenAt, profile: unlocked }, failures] = await Promise.all([
        // The profile unlocked only without a location database: with one, it is read locked (judgeLocked).
        ctx.repos.riskHistory.read(user.id, prefix, device, !deps.locator),
        input.failures ?? deps.throttle.recentFailures(user.account, caller.ip),
      ]);
      const networkKnown = knownPlace || (networkSeenAt !== null && networkSeenAt >= now - NETWORK_KNOWN_DAYS * DAY);
      const label = placeLabel(place);
      const decide = (profile: RiskProfile) => {
        const travel = place && profile.lastAt !== null && profile.lastLat !== null && profile.lastLon !== null
          ? { km: distanceKm(place, { lat: profile.lastLat, lon: profile.lastLon }), ms: now - profile.lastAt }
          : null;
        const signals: RiskSignal[] = signalsOf({
          deviceTrusted: input.deviceTrusted, deviceKnown, networkKnown, zoneKinds: zone.kinds, failures, travel, hours: profile.hours, hour,
        });
        const level: RiskLevel = levelOf(signals);
        const action: RiskAction = actionOf(policy, level, signals, zone.ids);
        // A refused sign-in is not where the person is; any other proved the credentials from here.
        const last = action === 'REFUSE' ? null : { at: now, lat: place?.lat ?? null, lon: place?.lon ?? null, place: label };
        return { result: { signals, level, action, signedInBefore: profile.lastAt !== null, hours: profile.hours }, last };
      };
      // Without a location database there is no travel to judge, so no lock: the last time (which
      // says the person has signed in before) is written once an hour at most.
      const judged = unlocked && unlocked.lastAt !== null && unlocked.lastAt >= now - HOUR
        ? decide(unlocked).result
        : await profiles.judgeLocked(user.id, decide);
      const unfamiliar = judged.signals.includes('NEW_DEVICE') || judged.signals.includes('NEW_NETWORK');
      return {
        judgement: { level: judged.level, signals: judged.signals, place: label },
        action: judged.action,
        prefix,
        learnNetwork: networkSeenAt === null || networkSeenAt < now - DAY,
        hours: judged.hours,
        hour,
        notify: policy.notify && unfamiliar && judged.signedInBefore,
        enrolOnStepUp: policy.enrolOnStepUp,
      };
    },

    /**
     * What the profile learns from a judged sign-in whose session opens (written with the
     * session, ctx.repos.opening): the network is known from now on, and the hour counts.
     */
    learnt(verdict: RiskVerdict): Pick<SessionOpening, 'network' | 'hour'> {
      if (!ctx.config.riskSignals) return { network: null, hour: null };
      // Known within the day: "seen in the last 90 days" holds without a write.
      return {
        network: verdict.learnNetwork ? { prefix: verdict.prefix, now: ctx.clock.now() } : null,
        hour: { hour: verdict.hour, known: verdict.hours },
      };
    },

    /** The session of a judged sign-in opened: the person hears of a new device or network. Telling never fails the sign-in. */
    async signedIn(user: User, verdict: RiskVerdict, caller: Caller, alerts?: SignInAlerts): Promise<void> {
      if (!ctx.config.riskSignals || !verdict.notify || !alerts) return;
      const signals = verdict.judgement.signals.filter((s) => s === 'NEW_DEVICE' || s === 'NEW_NETWORK');
      try {
        await alerts.raise({
          user: { id: user.id, mobileNo: user.mobileNo },
          signals,
          place: verdict.judgement.place,
          caller: { ip: caller.ip, userAgent: caller.userAgent, deviceId: caller.deviceId, deviceName: caller.deviceName },
        });
      } catch {
        // The notice is a courtesy on top of a sign-in that already succeeded: it is not undone for it.
      }
    },
  };
}

export type RiskService = ReturnType<typeof riskService>;
