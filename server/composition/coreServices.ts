import type { Sm2Service } from '../sign-in/sm2.js';
import type { PasswordService } from '../passwords/hashing.js';
import type { PasswordPolicyService } from '../passwords/policy.js';
import type { CredentialService } from '../passwords/credentials.js';
import type { CaptchaService } from '../sign-in/captcha.js';
import type { SessionService } from '../sessions/service.js';
import type { ThrottleService } from '../sign-in/throttle.js';
import type { TicketService } from '../sign-in/tickets.js';
import type { AuditService } from '../audit/service.js';
import type { OtpService } from '../sms/otp.js';
import type { SignInFlow } from '../sign-in/flow.js';
import type { LoginConfigService } from '../policies/loginConfig.js';
import type { SecretsService } from '../platform/secrets.js';
import type { SettingsService } from '../policies/settings.js';

/** The building blocks the feature services are made of; each takes the Pick it needs. */
export interface CoreServices {
  sm2: Sm2Service;
  passwords: PasswordService;
  policy: PasswordPolicyService;
  credentials: CredentialService;
  captcha: CaptchaService;
  sessions: SessionService;
  throttle: ThrottleService;
  tickets: TicketService;
  audit: AuditService;
  otp: OtpService;
  flow: SignInFlow;
  loginConfig: LoginConfigService;
  secrets: SecretsService;
  /** The live policies (workbench), which replace the configuration's numbers. */
  settings: SettingsService;
}
