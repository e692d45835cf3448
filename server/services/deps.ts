import type { Sm2Service } from './sm2.js';
import type { PasswordService } from './passwords.js';
import type { PasswordPolicyService } from './passwordPolicy.js';
import type { CredentialService } from './credentials.js';
import type { CaptchaService } from './captcha.js';
import type { SessionService } from './sessions.js';
import type { ThrottleService } from './throttle.js';
import type { TicketService } from './tickets.js';
import type { AuditService } from './audit.js';
import type { OtpService } from './otp.js';
import type { SignInFlow } from './signInFlow.js';
import type { LoginConfigService } from './loginConfig.js';
import type { SecretsService } from './secrets.js';
import type { SettingsService } from './settings.js';

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
