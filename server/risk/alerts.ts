import { CODE } from '../../contract/codes.js';
import type { InputOf, OutputOf } from '../../contract/endpoint.js';
import type { signInAlertEndpoints } from '../../contract/endpoints/signInAlerts.js';
import type { AlertSummary, DisownResult, SignInAlertList } from '../../contract/schemas/signInAlerts.js';
import { deviceNameOf } from '../account/deviceName.js';
import type { AuditService } from '../audit/service.js';
import type { AuthUser, Caller, ServiceContext } from '../composition/context.js';
import type { Repos } from '../composition/repositories.js';
import type { SettingsService } from '../policies/settings.js';
import { LOGIN_TICKET } from '../sign-in/flow.js';
import type { SmsBudgetService } from '../sms/budget.js';
import { DAY, HOUR } from '../platform/lib/clock.js';
import { randomId, sha256 } from '../platform/lib/crypto.js';
import { AppError, notFound } from '../platform/lib/errors.js';
import { text } from '../platform/lib/texts.js';
import type { AlertRecord } from './alertsRepository.js';
import type { SignInAlerts } from './types.js';

/** How long a texted "this was not me" link works. */
const LINK_DAYS = 7;
/** The SPA page the link opens (src/pages/not-me). */
const PAGE = '/not-me';
/** Outbox purpose of an alert text: the demo outbox and the tests' code readers tell it from a code by this. */
export const ALERT_PURPOSE = 'sign-in-alert';
/** Peeks and disowns a client address may try an hour: a token is 256 bits, this only keeps guessing and scraping cheap to refuse. */
const LINK_TRIES_PER_HOUR = 30;
const SCENE = 'DISOWN_SIGN_IN';

const iso = (ms: number) => new Date(ms).toISOString();

/** "2026-11-29 11:32" on the company's clock, as a person reads a text. */
function wallClock(ms: number, zone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  for (const p of format.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

const summaryOf = (a: AlertRecord): AlertSummary => ({ createdDate: iso(a.createdAt), deviceName: a.deviceName, ip: a.ip, place: a.place, signals: a.signals });

/**
 * Sign-in alerts: a sign-in from a new device or network (the risk engine calls `raise` once it
 * succeeded) is kept for the personal centre and texted to the person with a single-use link.
 * "This was not me" — from the link or the personal centre — spends the alert in one conditional
 * UPDATE and, in the same transaction, ends every session of the person, forgets every trusted
 * device, drops sign-ins in progress and asks for a new password at the next sign-in (E30067).
 */
export function alertsService(ctx: ServiceContext, deps: { smsBudget: SmsBudgetService; sms: { kick(): void }; audit: AuditService; settings: SettingsService }) {
  const repo = ctx.repos.alerts;

  /** The address's hourly budget of link tries, taken before the token is looked at. */
  async function takeTry(caller: Caller): Promise<void> {
    const now = ctx.clock.now();
    if ((await ctx.repos.limits.take(`not-me:${caller.ip}`, now, now - HOUR, LINK_TRIES_PER_HOUR)) === null) throw new AppError(CODE.tooManyRequests);
  }

  /** What disowning does, inside the transaction that spent the alert. */
  async function disownEffects(repos: Repos, userRef: number, alert: { id: number }, caller: Caller): Promise<DisownResult> {
    const now = ctx.clock.now();
    const sessionsEnded = await repos.admin.users.endSessions(userRef);
    await repos.devices.forgetAllTrust(userRef);
    // A sign-in half done (waiting for its second factor) must not open a session afterwards.
    await repos.tickets.deleteFor(userRef, LOGIN_TICKET);
    await repos.admin.users.requirePasswordChange(userRef, now);
    await deps.audit.operation(userRef, SCENE, caller, `alert#${alert.id}`, repos);
    return { sessionsEnded, passwordChangeRequired: true };
  }

  async function textAlert(alert: { userRef: number; mobileNo: string; createdAt: number; deviceName: string | null; ip: string; place: string | null; token: string }): Promise<void> {
    if (!(await repo.textable(alert.userRef, alert.mobileNo))) return;
    const charges = await deps.smsBudget.chargeAlert(alert.mobileNo);
    if (!charges) return;
    const content = text('sms.signInAlert', 'zh', {
      time: wallClock(alert.createdAt, ctx.config.timeZone),
      device: alert.deviceName ?? text('sms.unknownDevice', 'zh'),
      where: alert.place ? `${alert.place} (${alert.ip})` : alert.ip,
      link: `${ctx.config.publicUrl}${PAGE}?token=${alert.token}`,
    });
    try {
      await ctx.repos.smsOutbox.enqueue({ mobileNo: alert.mobileNo, purpose: ALERT_PURPOSE, content, sentAt: ctx.clock.now(), charges });
    } catch (error) {
      await deps.smsBudget.giveBack(charges);
      throw error;
    }
    deps.sms.kick();
  }

  const service = {
    /**
     * Records the alert and texts it when the person's phone is bound and in use, within the
     * number's daily alert budget. A failure is logged and swallowed: the sign-in it tells of
     * has succeeded and must stay so.
     */
    async raise(input: Parameters<SignInAlerts['raise']>[0]): Promise<void> {
      try {
        if (!(await deps.settings.current()).risk.notify) return;
        const token = randomId(32);
        const now = ctx.clock.now();
        const deviceName = deviceNameOf(input.caller.userAgent, input.caller.deviceName);
        await repo.create({
          userRef: input.user.id, signals: input.signals, ip: input.caller.ip, deviceName, place: input.place,
          createdAt: now, tokenHash: sha256(token), tokenExpiresAt: now + LINK_DAYS * DAY,
        });
        if (input.user.mobileNo) await textAlert({ userRef: input.user.id, mobileNo: input.user.mobileNo, createdAt: now, deviceName, ip: input.caller.ip, place: input.place, token });
      } catch (error) {
        console.error('A sign-in alert could not be raised:', error instanceof Error ? error.message : 'unknown error');
      }
    },

    /** What the link's alert says; E30061 alike for an unknown, spent or expired link. */
    async peek({ token }: InputOf<typeof signInAlertEndpoints.notMePeek>, caller: Caller): Promise<AlertSummary> {
      await takeTry(caller);
      const alert = await repo.liveByToken(sha256(token), ctx.clock.now());
      if (!alert) throw new AppError(CODE.alertLinkInvalid);
      return summaryOf(alert);
    },

    /** "This was not me" from the texted link: once, whatever the concurrency or the instance. */
    async disown({ token }: InputOf<typeof signInAlertEndpoints.notMe>, caller: Caller): Promise<DisownResult> {
      await takeTry(caller);
      return ctx.transaction(async (repos) => {
        const spent = await repos.alerts.disownByToken(sha256(token), ctx.clock.now());
        if (!spent) throw new AppError(CODE.alertLinkInvalid);
        return disownEffects(repos, spent.userRef, spent, caller);
      });
    },

    async list(auth: AuthUser, { pageNum, pageSize }: InputOf<typeof signInAlertEndpoints.list>): Promise<SignInAlertList> {
      const page = await repo.page(auth.userRef, pageNum, pageSize);
      return {
        total: page.total,
        unread: page.unread,
        datas: page.datas.map((a) => ({ ...summaryOf(a), id: a.id, read: a.readAt !== null, disownedDate: a.disownedAt === null ? null : iso(a.disownedAt) })),
      };
    },

    async read(auth: AuthUser, { ids }: InputOf<typeof signInAlertEndpoints.read>): Promise<OutputOf<typeof signInAlertEndpoints.read>> {
      return { marked: await repo.markRead(auth.userRef, ids, ctx.clock.now()) };
    },

    /** "This was not me" from the personal centre: the caller's own alert (E00404 otherwise), not yet disowned (E30061). */
    async disownOwn(auth: AuthUser, { id }: InputOf<typeof signInAlertEndpoints.disown>, caller: Caller): Promise<DisownResult> {
      return ctx.transaction(async (repos) => {
        if (!(await repos.alerts.disownOwn(id, auth.userRef, ctx.clock.now()))) {
          throw (await repos.alerts.exists(id, auth.userRef)) ? new AppError(CODE.alertLinkInvalid) : notFound();
        }
        return disownEffects(repos, auth.userRef, { id }, caller);
      });
    },
  };
  return service satisfies SignInAlerts;
}

export type AlertsService = ReturnType<typeof alertsService>;
