import { LIMITS } from '../contract/rules.js';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy.js';

/**
 * Runtime configuration, read once from the environment. Every security number is here; those
 * an administrator can change in the workbench (services/settings.ts) are only the defaults of
 * policy sections never saved there.
 */
export type Mode = 'demo' | 'test' | 'production';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  mode: Mode;
  /** Serve the built SPA from this folder (absent in API tests). */
  staticDir: string | null;
  /** Whose X-Forwarded-For to believe: nobody, the nearest N proxies, or proxies at these addresses. */
  trustProxy: TrustProxy;
  session: { idleMinutes: number; absoluteHours: number; touchSeconds: number };
  lockout: { captchaAfter: number; ipCaptchaAfter: number; lockAfter: number; windowMinutes: number; lockMinutes: number; ipFailuresPerHour: number };
  otp: { ttlSeconds: number; maxTries: number; resendSeconds: number; dailyPerNumber: number };
  captcha: { ttlSeconds: number; sliderTolerance: number };
  ticketMinutes: number;
  passwordExpiryDays: number;
  passwordRemindDays: number;
  /** Recent passwords (the current one included) a new one may not repeat. */
  passwordHistory: number;
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  sms: {
    gatewayUrl: string | null;
    /** Sends from one address in 10 minutes before each further send needs a captcha. */
    ipCaptchaAfter: number;
    ipPerHour: number;
    accountPerHour: number;
    /** How long sends are refused after the gateway failed, before it is tried again. */
    gatewayCooldownSeconds: number;
    /** Delivery attempts before a text is given up and its quota given back. */
    deliveryAttempts: number;
    /** How often the outbox worker looks for texts to deliver (0: only when asked, as tests do). */
    workerIntervalMs: number;
  };
  registrationEnabled: boolean;
  /** The company directory (LDAP / AD); null switches the directory sign-in tabs off. */
  ldap: { url: string; baseDn: string; bindDn: string; bindPassword: string; userFilter: string } | null;
  /** Time a client has to send a whole request (headers and body) before the connection is closed. */
  requestTimeoutSeconds: number;
  /** The origin browsers and applications reach the portal at (the OpenID Connect issuer is `<publicUrl>/oidc`). */
  publicUrl: string;
  oidc: {
    /** A new signing key is made when the newest is this old; the old one stays published until its tokens expired. */
    keyRotationDays: number;
    /** How often ended portal sessions are looked for, to sign their applications out (back-channel logout); 0: only when asked. */
    logoutSweepMs: number;
  };
}

function num(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${key} must be a number`);
  return n;
}

/** PUBLIC_URL as an origin (no path, no trailing slash); http://localhost:<PORT> when unset. */
function publicUrlOf(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}`;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('PUBLIC_URL must be an http or https origin');
  return url.origin;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = (env.IDAAS_MODE ?? 'demo') as Mode;
  if (!['demo', 'test', 'production'].includes(mode)) throw new Error(`IDAAS_MODE must be demo, test or production (got ${mode})`);
  const smsUrl = env.SMS_GATEWAY_URL || null;
  if (mode === 'production' && !smsUrl) {
    throw new Error('IDAAS_MODE=production needs SMS_GATEWAY_URL: codes would otherwise go nowhere');
  }
  const config: Config = {
    port: num(env, 'PORT', 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || 'file:data/idaas.db',
    mode,
    staticDir: env.STATIC_DIR === '' ? null : (env.STATIC_DIR ?? 'dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    session: {
      idleMinutes: num(env, 'SESSION_IDLE_MINUTES', 30),
      absoluteHours: num(env, 'SESSION_ABSOLUTE_HOURS', 12),
      touchSeconds: 60,
    },
    lockout: {
      captchaAfter: num(env, 'LOGIN_CAPTCHA_AFTER', 3),
      // Many employees share one egress address: the page asks everyone there for a captcha
      // only once failures from it pile up, not after a colleague's third typo.
      ipCaptchaAfter: num(env, 'LOGIN_IP_CAPTCHA_AFTER', 20),
      lockAfter: num(env, 'LOGIN_LOCK_AFTER', 10),
      windowMinutes: 15,
      lockMinutes: num(env, 'LOGIN_LOCK_MINUTES', 15),
      ipFailuresPerHour: num(env, 'LOGIN_IP_FAILURES_PER_HOUR', 100),
    },
    otp: { ttlSeconds: 300, maxTries: 5, resendSeconds: LIMITS.resendSeconds, dailyPerNumber: num(env, 'SMS_DAILY_LIMIT', 10) },
    captcha: { ttlSeconds: 120, sliderTolerance: 5 },
    ticketMinutes: 10,
    passwordExpiryDays: num(env, 'PASSWORD_EXPIRY_DAYS', 90),
    passwordRemindDays: num(env, 'PASSWORD_REMIND_DAYS', 7),
    passwordHistory: num(env, 'PASSWORD_HISTORY', 0),
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    sms: {
      gatewayUrl: smsUrl,
      ipCaptchaAfter: num(env, 'SMS_IP_CAPTCHA_AFTER', 3),
      ipPerHour: num(env, 'SMS_IP_HOURLY_LIMIT', 20),
      accountPerHour: num(env, 'SMS_ACCOUNT_HOURLY_LIMIT', 5),
      gatewayCooldownSeconds: num(env, 'SMS_GATEWAY_COOLDOWN_SECONDS', 30),
      deliveryAttempts: 3,
      workerIntervalMs: 250,
    },
    registrationEnabled: env.REGISTRATION_ENABLED !== 'false',
    ldap: env.LDAP_URL
      ? {
          url: env.LDAP_URL,
          baseDn: env.LDAP_BASE_DN ?? '',
          bindDn: env.LDAP_BIND_DN ?? '',
          bindPassword: env.LDAP_BIND_PASSWORD ?? '',
          userFilter: env.LDAP_USER_FILTER ?? '(uid={0})',
        }
      : null,
    requestTimeoutSeconds: num(env, 'REQUEST_TIMEOUT_SECONDS', 15),
    publicUrl: publicUrlOf(env.PUBLIC_URL, num(env, 'PORT', 8080)),
    oidc: { keyRotationDays: num(env, 'OIDC_KEY_ROTATION_DAYS', 90), logoutSweepMs: num(env, 'OIDC_LOGOUT_SWEEP_MS', 2000) },
  };
  return { ...config, ...overrides };
}

/** Dev endpoints, demo data and the outbox exist only outside production. */
export const isDevMode = (config: Config) => config.mode !== 'production';
