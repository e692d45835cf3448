import { maskMobile, MOBILE_PATTERN } from '../../contract/rules.js';
import type { StepResult } from '../../contract/schemas/signIn.js';
import { AppError, notSignedIn, ticketExpired } from '../platform/lib/errors.js';
import type { Ticket as StoredTicket } from './ticketsRepository.js';
import type { Caller, ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { LOGIN_TICKET, SECOND_AUTH_STEP, type LoginOutcome, type LoginTicketData } from './flow.js';
import { CODE } from '../../contract/codes.js';
import { PhoneScene } from '../../contract/enums.js';
import type { FactorPolicyService } from '../factors/policy.js';
import type { InputOf } from '../../contract/endpoint.js';
import type { signInEndpoints } from '../../contract/endpoints/signIn.js';

type Ticket = StoredTicket & { payload: LoginTicketData };

/**
 * The steps between proven credentials and a session (bind a phone, update the password, finish).
 * Each call names the step it performs; a ticket at another step is refused, so none can be skipped.
 */
export function selfServiceService(ctx: ServiceContext, deps: Pick<CoreServices, 'otp' | 'captcha' | 'tickets' | 'audit' | 'sm2' | 'passwords' | 'credentials' | 'flow'> & { factorPolicy: FactorPolicyService }) {
  const load = (srmi: string, step: string) => deps.tickets.load<LoginTicketData>(srmi, [LOGIN_TICKET], [step]) as Promise<Ticket>;

  async function userOf(ticket: Ticket) {
    const user = ticket.userRef === null ? undefined : await ctx.repos.users.findById(ticket.userRef);
    if (!user) throw notSignedIn();
    return user;
  }

  /** Moves to the step after the current one; returns its index. */
  async function next(ticket: Ticket): Promise<StepResult> {
    const steps = ticket.payload.steps;
    const index = steps.findIndex((s) => s.code === ticket.step);
    const following = steps[index + 1];
    if (index < 0 || !following) throw ticketExpired();
    await deps.tickets.advance(ticket, following.code, ticket.payload);
    return { active: index + 1 };
  }

  async function savePassword(ticket: Ticket, newPasswordCipher: string, caller: Caller): Promise<StepResult> {
    const user = await userOf(ticket);
    const password = await deps.sm2.decrypt('newPassword', newPasswordCipher);
    await deps.credentials.replacePassword(user, password, { keepSessionId: null, caller, scene: 'CHANGE_PASSWORD', detail: 'self-service' });
    return next(ticket);
  }

  return {
    async sendSms(body: InputOf<typeof signInEndpoints.sendSmsByScene>, caller: Caller): Promise<{ smsCodeKey: string }> {
      const proof = { capKey: body.capKey, capText: body.capText };
      if (body.scene === PhoneScene.BIND_PHONE) {
        const ticket = await load(body.srmi, 'BIND-PHONE');
        const user = await userOf(ticket);
        // The scene schema serves both scenes, so the number only the bind scene needs is checked here.
        if (!body.mobileNo || !MOBILE_PATTERN.test(body.mobileNo)) throw new AppError(CODE.mobileInvalid);
        const holder = await ctx.repos.users.findByMobile(body.mobileNo);
        if (holder && holder.id !== user.id) throw new AppError(CODE.mobileBoundElsewhere);
        const { msgCodeKey } = await deps.otp.send({ purpose: 'bind-phone', mobileNo: body.mobileNo, userRef: user.id, deliver: true, ip: caller.ip, proof });
        return { smsCodeKey: msgCodeKey };
      }
      const ticket = await load(body.srmi, 'UPDATE-PASSWORD');
      const user = await userOf(ticket);
      if (!user.mobileNo || user.phoneDisabled) throw new AppError(CODE.noUsablePhone);
      const { msgCodeKey } = await deps.otp.send({ purpose: 'self-pwd', mobileNo: user.mobileNo, userRef: user.id, deliver: true, ip: caller.ip, proof });
      return { smsCodeKey: msgCodeKey };
    },

    async bindPhone(body: InputOf<typeof signInEndpoints.bindPhone>, caller: Caller): Promise<StepResult> {
      const ticket = await load(body.srmi, 'BIND-PHONE');
      const user = await userOf(ticket);
      const otp = await deps.otp.verify({ msgCodeKey: body.smsCodeKey, code: body.smsValueClient, purpose: 'bind-phone', mobileNo: body.mobileNo });
      if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
      await ctx.transaction(async (repos) => {
        if (!(await repos.users.bindMobile(user.id, body.mobileNo, ctx.clock.now()))) throw new AppError(CODE.mobileBoundElsewhere);
        await deps.audit.operation(user.id, 'BIND_PHONE', caller, maskMobile(body.mobileNo), repos);
      });
      return next(ticket);
    },

    /** Only optional steps can be skipped: binding a phone, or a password that is merely expiring. */
    async skip(body: InputOf<typeof signInEndpoints.skipStep>): Promise<StepResult> {
      const ticket = await deps.tickets.load<LoginTicketData>(body.srmi, [LOGIN_TICKET], ['BIND-PHONE', 'UPDATE-PASSWORD']) as Ticket;
      // A second factor is owed and the phone about to be bound is the only one it will have (see signInFlow.needsEnrolment).
      if (ticket.step === 'BIND-PHONE' && ticket.payload.secondAuth && !ticket.payload.steps.some((s) => s.code === 'ENROL-FACTOR')) {
        const { kinds } = await deps.factorPolicy.held(await userOf(ticket));
        if (!kinds.some((k) => k !== 'RECOVERY_CODE')) throw new AppError(CODE.phoneStepRequired);
      }
      return next(ticket);
    },

    async updatePasswordBySms(body: InputOf<typeof signInEndpoints.updatePwdBySms>, caller: Caller): Promise<StepResult> {
      const ticket = await load(body.srmi, 'UPDATE-PASSWORD');
      const user = await userOf(ticket);
      const otp = await deps.otp.verify({ msgCodeKey: body.smsCodeKey, code: body.smsValueClient, purpose: 'self-pwd', mobileNo: user.mobileNo });
      if (otp.userRef !== user.id) throw new AppError(CODE.codeExpired);
      return savePassword(ticket, body.newPassword, caller);
    },

    async updatePasswordByOld(body: InputOf<typeof signInEndpoints.updatePwdByOld>, caller: Caller): Promise<StepResult> {
      const ticket = await load(body.srmi, 'UPDATE-PASSWORD');
      const user = await userOf(ticket);
      await deps.credentials.checkCurrent(user, await deps.sm2.decrypt('oldPassword', body.oldPassword), caller);
      return savePassword(ticket, body.newPassword, caller);
    },

    /** After FINISH: on to the second factor if required, otherwise the session. */
    async continueLogin(body: InputOf<typeof signInEndpoints.continueLogin>, caller: Caller): Promise<LoginOutcome> {
      const ticket = await load(body.srmi, 'FINISH');
      const user = await userOf(ticket);
      deps.flow.assertUsable(user);
      const app = await deps.flow.resolveApp(ticket.payload.appId);
      // A factor added in the ENROL-FACTOR step of this sign-in was proven there: it is the second factor.
      // A step-up by the risk policy is not skipped by a trusted device.
      const secondAuth = ticket.payload.secondAuth && !ticket.payload.enrolled && (!!ticket.payload.stepUp || !(await deps.flow.deviceTrusted(user.id, caller)));
      if (secondAuth) {
        await deps.tickets.advance(ticket, SECOND_AUTH_STEP, ticket.payload);
        return { response: { ...deps.flow.baseResponse(user, app), secondAuth: true, srmi: ticket.id }, session: null };
      }
      await deps.tickets.advance(ticket, 'DONE', ticket.payload);
      const outcome = await deps.flow.openSession(user, app, caller, false, ticket.payload.risk);
      await deps.tickets.close(ticket.id);
      return outcome;
    },
  };
}

export type SelfServiceService = ReturnType<typeof selfServiceService>;
