import type { ServiceContext } from './context.js';
import type { SmsGateway } from '../sms/gateway.js';
import { sm2Service } from './sm2.js';
import { passwordService } from './passwords.js';
import { passwordPolicyService } from './passwordPolicy.js';
import { captchaService } from './captcha.js';
import { sessionService } from './sessions.js';
import { throttleService } from './throttle.js';
import { ticketService } from './tickets.js';
import { auditService } from './audit.js';
import { loginConfigService } from './loginConfig.js';
import { signInFlow } from './signInFlow.js';
import { loginService } from './login.js';
import { otpService } from './otp.js';
import { smsLoginService } from './smsLogin.js';
import { secondAuthService } from './secondAuth.js';
import { selfServiceService } from './selfService.js';
import { accountService } from './account.js';
import { ssoService } from './sso.js';
import { outboxService } from './outbox.js';

export function buildServices(ctx: ServiceContext, gateway: SmsGateway) {
  const sm2 = sm2Service(ctx);
  const passwords = passwordService(ctx);
  const policy = passwordPolicyService(passwords);
  const captcha = captchaService(ctx);
  const sessions = sessionService(ctx);
  const throttle = throttleService(ctx);
  const tickets = ticketService(ctx);
  const audit = auditService(ctx);
  const loginConfig = loginConfigService(ctx);
  const otp = otpService(ctx, gateway);
  const flow = signInFlow(ctx, { sessions, tickets, audit, loginConfig });
  const login = loginService(ctx, { sm2, passwords, captcha, throttle, audit, flow });
  const smsLogin = smsLoginService(ctx, { otp, captcha, throttle, audit, flow });
  const secondAuth = secondAuthService(ctx, { otp, captcha, tickets, audit, flow });
  const selfService = selfServiceService(ctx, { otp, captcha, tickets, audit, sm2, passwords, policy, sessions, flow });
  const account = accountService(ctx);
  const sso = ssoService(ctx, audit);
  const outbox = outboxService(ctx);
  return { outbox, sm2, passwords, policy, captcha, sessions, throttle, tickets, audit, loginConfig, otp, flow, login, smsLogin, secondAuth, selfService, account, sso };
}

export type Services = ReturnType<typeof buildServices>;
