import type { ServiceContext } from './context.js';
import { sm2Service } from './sm2.js';
import { passwordService } from './passwords.js';
import { captchaService } from './captcha.js';
import { sessionService } from './sessions.js';
import { throttleService } from './throttle.js';
import { ticketService } from './tickets.js';
import { auditService } from './audit.js';
import { loginConfigService } from './loginConfig.js';
import { loginService } from './login.js';
import { accountService } from './account.js';
import { ssoService } from './sso.js';

export function buildServices(ctx: ServiceContext) {
  const sm2 = sm2Service(ctx);
  const passwords = passwordService(ctx);
  const captcha = captchaService(ctx);
  const sessions = sessionService(ctx);
  const throttle = throttleService(ctx);
  const tickets = ticketService(ctx);
  const audit = auditService(ctx);
  const loginConfig = loginConfigService(ctx);
  const login = loginService(ctx, { sm2, passwords, captcha, sessions, throttle, tickets, audit, loginConfig });
  const account = accountService(ctx);
  const sso = ssoService(ctx, audit);
  return { sm2, passwords, captcha, sessions, throttle, tickets, audit, loginConfig, login, account, sso };
}

export type Services = ReturnType<typeof buildServices>;
