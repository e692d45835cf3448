import type { ServiceContext } from './context.js';
import type { SmsGateway } from '../sms/gateway.js';
import { sm2Service } from './sm2.js';
import { passwordService } from './passwords.js';
import { passwordPolicyService } from './passwordPolicy.js';
import { credentialService } from './credentials.js';
import { captchaService } from './captcha.js';
import { sessionService } from './sessions.js';
import { throttleService } from './throttle.js';
import { ticketService } from './tickets.js';
import { auditService } from './audit.js';
import { loginConfigService } from './loginConfig.js';
import { signInFlow } from './signInFlow.js';
import { loginService } from './login.js';
import { otpService } from './otp.js';
import { smsBudgetService } from './smsBudget.js';
import { smsWorker } from './smsWorker.js';
import { secretsService } from './secrets.js';
import { accessService } from './access.js';
import { smsLoginService } from './smsLogin.js';
import { secondAuthService } from './secondAuth.js';
import { selfServiceService } from './selfService.js';
import { accountService } from './account.js';
import { ssoService } from './sso.js';
import { outboxService } from './outbox.js';
import { requestsService } from './requests.js';
import { permissionsService } from './permissions.js';
import { groupsService } from './groups.js';
import { passwordChangeService } from './passwordChange.js';
import { forgotPasswordService } from './forgotPassword.js';
import { registrationService } from './registration.js';
import { securityService } from './security.js';
import { devicesService } from './devices.js';
import { logsService } from './logs.js';
import { directoryLoginService } from './directoryLogin.js';
import { settingsService } from './settings.js';
import { factorPolicyService } from './factors/policy.js';
import { buildFactorServices } from './factors/index.js';

/**
 * The portal's services: sign-in, personal centre, requests, groups. Built apart from the
 * workbench's (index.ts puts the two together) because the workbench services take these and
 * name their type (admin/deps.ts), which must not lead back to the workbench itself.
 */
export function buildBaseServices(ctx: ServiceContext, gateway: SmsGateway) {
  const settings = settingsService(ctx);
  const sm2 = sm2Service(ctx);
  const secrets = secretsService(ctx);
  const access = accessService(ctx);
  const passwords = passwordService(ctx);
  const policy = passwordPolicyService(ctx, { passwords, settings });
  const captcha = captchaService(ctx);
  const sessions = sessionService(ctx, settings);
  const throttle = throttleService(ctx, settings);
  const tickets = ticketService(ctx);
  const audit = auditService(ctx);
  const credentials = credentialService(ctx, { passwords, policy, audit, throttle });
  const loginConfig = loginConfigService(ctx, settings);
  const smsBudget = smsBudgetService(ctx, captcha, settings);
  const sms = smsWorker(ctx, { gateway, budget: smsBudget });
  const otp = otpService(ctx, { budget: smsBudget, outbox: sms });
  const factorPolicy = factorPolicyService(ctx, settings);
  const flow = signInFlow(ctx, { sessions, tickets, audit, loginConfig, secrets, settings, factorPolicy });
  const login = loginService(ctx, { sm2, passwords, captcha, throttle, audit, flow });
  const smsLogin = smsLoginService(ctx, { otp, captcha, throttle, audit, flow });
  const secondAuth = secondAuthService(ctx, { otp, captcha, tickets, audit, flow, factorPolicy });
  const factors = buildFactorServices(ctx, { tickets, audit, flow, secrets, settings, sm2, credentials, sessions }, factorPolicy);
  const selfService = selfServiceService(ctx, { otp, captcha, tickets, audit, sm2, passwords, credentials, flow, factorPolicy });
  const account = accountService(ctx, settings);
  const sso = ssoService(ctx, audit, tickets);
  const outbox = outboxService(ctx);
  const requests = requestsService(ctx, audit);
  const permissions = permissionsService(ctx, audit);
  const groups = groupsService(ctx, { audit, sm2, credentials, policy });
  const passwordChange = passwordChangeService(ctx, { otp, captcha, tickets, sm2, passwords, credentials });
  const forgotPassword = forgotPasswordService(ctx, { otp, captcha, tickets, sm2, policy, credentials, secrets, throttle });
  const registration = registrationService(ctx, { audit, sm2, passwords, policy, settings });
  const security = securityService(ctx, { otp, captcha, tickets, audit, phoneStop: factors.account });
  const devices = devicesService(ctx, audit);
  const logs = logsService(ctx);
  const directory = directoryLoginService(ctx, { sm2, otp, captcha, throttle, tickets, audit, flow });
  return { factors, settings, access, secrets, sms, smsBudget, directory, security, devices, logs, passwordChange, forgotPassword, registration, groups, requests, permissions, outbox, sm2, passwords, policy, captcha, sessions, throttle, tickets, audit, loginConfig, otp, flow, login, smsLogin, secondAuth, selfService, account, sso };
}
