import type { ServiceContext } from './context.js';
import type { SmsGateway } from '../sms/gateway.js';
import { sm2Service } from '../sign-in/sm2.js';
import { passwordService } from '../passwords/hashing.js';
import { passwordPolicyService } from '../passwords/policy.js';
import { credentialService } from '../passwords/credentials.js';
import { captchaService } from '../sign-in/captcha.js';
import { sessionService } from '../sessions/service.js';
import { throttleService } from '../sign-in/throttle.js';
import { ticketService } from '../sign-in/tickets.js';
import { auditService } from '../audit/service.js';
import { loginConfigService } from '../policies/loginConfig.js';
import { signInFlow } from '../sign-in/flow.js';
import { loginService } from '../sign-in/passwordLogin.js';
import { otpService } from '../sms/otp.js';
import { smsBudgetService } from '../sms/budget.js';
import { smsWorker } from '../sms/worker.js';
import { secretsService } from '../platform/secrets.js';
import { accessService } from '../access/service.js';
import { smsLoginService } from '../sign-in/smsLogin.js';
import { secondAuthService } from '../factors/smsSecondFactor.js';
import { selfServiceService } from '../sign-in/selfService.js';
import { accountService } from '../account/service.js';
import { ssoService } from '../apps/sso.js';
import { outboxService } from '../demo/outbox.js';
import { requestsService } from '../requests/service.js';
import { permissionsService } from '../requests/permissions.js';
import { groupsService } from '../groups/service.js';
import { passwordChangeService } from '../passwords/change.js';
import { forgotPasswordService } from '../passwords/forgot.js';
import { registrationService } from '../passwords/registration.js';
import { activationService } from '../passwords/activation.js';
import { securityService } from '../account/security.js';
import { devicesService } from '../account/devices.js';
import { logsService } from '../audit/personalLogs.js';
import { portalNoticesService } from '../notices/portalService.js';
import { directoryLoginService } from '../sign-in/directoryLogin.js';
import { settingsService } from '../policies/settings.js';
import { factorPolicyService } from '../factors/policy.js';
import { buildFactorServices } from '../factors/services.js';
import { upstreamService } from '../broker/service.js';
import { riskService } from '../risk/service.js';
import type { Locator } from '../risk/types.js';
import { alertsService } from '../risk/alerts.js';

/**
 * The portal's services: sign-in, personal centre, requests, groups. Built apart from the
 * workbench's (services.ts puts the two together) because the workbench services take these and
 * name their type (portalServicesType.ts), which must not lead back to the workbench itself.
 */
/** What the composition root chooses besides the context: where addresses are located (GEOIP_DB, or a test's locator). */
export interface BaseServiceOptions { locator: Locator | null }

export function buildBaseServices(ctx: ServiceContext, gateway: SmsGateway, options: BaseServiceOptions = { locator: null }) {
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
  // Before the sign-in flow: the risk engine tells people of new devices and networks through it.
  const alerts = alertsService(ctx, { smsBudget, sms, audit, settings });
  const factorPolicy = factorPolicyService(ctx, settings);
  const risk = riskService(ctx, { settings, throttle, locator: options.locator });
  const flow = signInFlow(ctx, { sessions, tickets, audit, loginConfig, secrets, settings, factorPolicy, risk, alerts });
  const login = loginService(ctx, { sm2, passwords, captcha, throttle, audit, flow });
  const smsLogin = smsLoginService(ctx, { otp, captcha, throttle, audit, flow });
  const secondAuth = secondAuthService(ctx, { otp, captcha, tickets, audit, flow, factorPolicy });
  const factors = buildFactorServices(ctx, { tickets, audit, flow, secrets, settings, sm2, credentials, sessions }, factorPolicy);
  const selfService = selfServiceService(ctx, { otp, captcha, tickets, audit, sm2, passwords, credentials, flow, factorPolicy });
  const account = accountService(ctx, settings);
  const sso = ssoService(ctx, audit, tickets, risk);
  const outbox = outboxService(ctx);
  const requests = requestsService(ctx, audit);
  const permissions = permissionsService(ctx, audit);
  const groups = groupsService(ctx, { audit, sm2, credentials, policy });
  const passwordChange = passwordChangeService(ctx, { otp, captcha, tickets, sm2, passwords, credentials });
  const forgotPassword = forgotPasswordService(ctx, { otp, captcha, tickets, sm2, policy, credentials, secrets, throttle });
  const registration = registrationService(ctx, { audit, sm2, passwords, policy, settings, otp });
  const activation = activationService(ctx, { sm2, policy, credentials, throttle, audit, tickets, smsBudget, sms });
  const security = securityService(ctx, { otp, captcha, tickets, audit, phoneStop: factors.account });
  const devices = devicesService(ctx, audit);
  const logs = logsService(ctx);
  const notices = portalNoticesService(ctx);
  const directory = directoryLoginService(ctx, { sm2, otp, captcha, throttle, tickets, audit, flow });
  const upstream = upstreamService(ctx, { sm2, passwords, captcha, throttle, tickets, audit, flow, secrets });
  return { risk, alerts, upstream, factors, settings, access, secrets, sms, smsBudget, directory, security, devices, logs, notices, passwordChange, forgotPassword, registration, activation, groups, requests, permissions, outbox, sm2, passwords, policy, captcha, sessions, throttle, tickets, audit, loginConfig, otp, flow, login, smsLogin, secondAuth, selfService, account, sso };
}
