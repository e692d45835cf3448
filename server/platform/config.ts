import { z } from 'zod';
import { LIMITS } from '../../contract/rules.js';
import { parseTrustProxy, type TrustProxy } from './http/trustProxy.js';
import { parseOutboundAllow } from './lib/outboundUrl.js';
import { isTimeZone } from './lib/timeZone.js';

/**
 * Runtime configuration, read once from the environment through one zod schema. Every security
 * number is here; those an administrator can change in the workbench (policies/settings.ts) are
 * only the defaults of policy sections never saved there. A wrong value stops the start with one
 * message naming every variable at fault, rather than running with a lock window of NaN.
 */
export type Mode = 'demo' | 'test' | 'production';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL guards: a statement's longest run, and a caller's longest wait for a connection (ms; 0: none). */
  database: { statementTimeoutMs: number; connectTimeoutMs: number };
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
  /** How long an activation link (a person setting their first password) stays usable. */
  activationHours: number;
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
  /** New self-registered accounts wait for an administrator's approval before they can sign in. */
  registrationApproval: boolean;
  /** The company directory (LDAP / AD); null switches the directory sign-in tabs off. */
  ldap: { url: string; baseDn: string; bindDn: string; bindPassword: string; userFilter: string } | null;
  /** How often this instance offers to synchronise the directory (only one instance at a time runs it); 0: never. */
  directorySyncMinutes: number;
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
  saml: {
    /** A SAML key rotation is refused until the next key has been in the metadata this long (SPs refresh it on their own schedule). */
    keyMinPublishedMinutes: number;
  };
  /** pino level of the server's log; request lines are info, health checks and scrapes debug. */
  logLevel: LogLevel;
  /**
   * Prometheus metrics: a listener of their own on host:port (0: none; the default outside
   * production), or, when a token is set, /metrics on the main port for callers presenting it.
   */
  metrics: { port: number; host: string; token: string | null };
  /** How long a SIGTERM waits for requests in flight before the process leaves anyway. */
  shutdownGraceSeconds: number;
  /** Import uploads (check or start) read at once by this instance; more are answered E40130 "busy, retry". */
  importsAtOnce: number;
  /**
   * Pruning of old rows: sign-in history and operation log after logDays, everything that
   * expires once it has. Runs every intervalMinutes (0: only when asked), batchSize rows a statement.
   */
  retention: { logDays: number; intervalMinutes: number; batchSize: number };
  /** The company's time zone (IANA): where "today" and the dashboard's days begin. */
  timeZone: string;
  /** A MaxMind-format location database (GEOIP_DB) for the risk signals' places and impossible travel; null: prefix-only signals. */
  geoipDb: string | null;
  /** false (RISK_SIGNALS=off) only for a benchmark's baseline: sign-ins are not judged at all. Refused in production. */
  riskSignals: boolean;
  /** The tamper-evident audit trail (server/audit/trail). */
  auditTrail: AuditTrailConfig;
  /** What the server may call although it is loopback, private, link-local… (OUTBOUND_ALLOW; see platform/lib/outboundUrl.ts). */
  outboundAllow: string[];
  /**
   * Tests only, never read from the environment and ignored outside IDAAS_MODE=test: a CA
   * certificate (PEM) that the CAS proxy callback's HTTPS is verified against, so a test's
   * receiver with a self-signed certificate can take proxy-granting tickets.
   */
  casTestCa?: string;
}

export interface AuditTrailConfig {
  /** The hash of a new chain (AUDIT_HASH); a chain keeps the algorithm it was started with. */
  hash: 'sha256' | 'sm3';
  /** false (AUDIT_CHAIN=off) only for a benchmark's baseline: log rows are written unchained. Refused in production. */
  chain: boolean;
  /** Ed25519 private key (PEM file) that signs checkpoints; outside production one is made under the data directory when unset. */
  signingKey: string | null;
  /** A checkpoint once this many records are unchecked… */
  checkpointRecords: number;
  /** …or once the oldest unchecked record is this many minutes old, whichever comes first. */
  checkpointMinutes: number;
  /** How often each instance looks whether a checkpoint is due (0: only when asked, as tests do). */
  checkpointCheckSeconds: number;
  /** Where each checkpoint is also written, one JSON file each, outside the database. */
  checkpointDir: string | null;
  /** Where each checkpoint is also POSTed as JSON (retried at the next round until it answers 2xx). */
  checkpointUrl: string | null;
}

/** A whole number from the environment, within [min, max]; unset or empty takes the default. */
function whole(def: number, min: number, max: number) {
  return z.string().optional().transform((raw, ctx) => {
    if (raw === undefined || raw.trim() === '') return def;
    const value = raw.trim();
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max} (got "${raw}")` });
      return z.NEVER;
    }
    return n;
  });
}

function oneOf<const T extends readonly string[]>(values: T, def: T[number]) {
  return z.string().optional().transform((raw, ctx): T[number] => {
    if (raw === undefined || raw === '') return def;
    if (!values.includes(raw)) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')} (got "${raw}")` });
      return z.NEVER;
    }
    return raw;
  });
}

const text = (def: string) => z.string().optional().transform((raw) => (raw === undefined || raw === '' ? def : raw));
const optionalText = z.string().optional().transform((raw) => raw || null);
const BIG = 1_000_000;

/**
 * Every variable the server reads, its default and its range. The defaults are the numbers of
 * DESIGN.md §5; ranges refuse what would switch a protection off or make it meaningless.
 */
const envSchema = z.object({
  IDAAS_MODE: oneOf(['demo', 'test', 'production'] as const, 'demo'),
  PORT: whole(8080, 0, 65535),
  HOST: text('0.0.0.0'),
  DATABASE_URL: text('file:data/idaas.db'),
  DB_STATEMENT_TIMEOUT_MS: whole(10_000, 0, 600_000),
  DB_CONNECT_TIMEOUT_MS: whole(5_000, 0, 600_000),
  STATIC_DIR: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  GEOIP_DB: z.string().optional(),
  RISK_SIGNALS: oneOf(['on', 'off'] as const, 'on'),
  COMPANY_TIME_ZONE: text('Asia/Shanghai').refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Shanghai or UTC' }),

  SESSION_IDLE_MINUTES: whole(30, 1, 24 * 60),
  SESSION_ABSOLUTE_HOURS: whole(12, 1, 24 * 30),
  SESSION_TOUCH_SECONDS: whole(60, 0, 3600),

  LOGIN_CAPTCHA_AFTER: whole(3, 1, BIG),
  // Many employees share one egress address: the page asks everyone there for a captcha
  // only once failures from it pile up, not after a colleague's third typo.
  LOGIN_IP_CAPTCHA_AFTER: whole(20, 1, BIG),
  LOGIN_LOCK_AFTER: whole(10, 1, BIG),
  LOGIN_WINDOW_MINUTES: whole(15, 1, 24 * 60),
  LOGIN_LOCK_MINUTES: whole(15, 1, 24 * 60),
  LOGIN_IP_FAILURES_PER_HOUR: whole(100, 1, BIG),

  OTP_TTL_SECONDS: whole(300, 30, 3600),
  OTP_MAX_TRIES: whole(5, 1, 20),
  OTP_RESEND_SECONDS: whole(LIMITS.resendSeconds, 10, 3600),
  SMS_DAILY_LIMIT: whole(10, 1, BIG),
  CAPTCHA_TTL_SECONDS: whole(120, 10, 3600),
  CAPTCHA_SLIDER_TOLERANCE: whole(5, 0, 50),
  TICKET_MINUTES: whole(10, 1, 24 * 60),
  ACTIVATION_HOURS: whole(72, 1, 30 * 24),

  PASSWORD_EXPIRY_DAYS: whole(90, 0, 3650),
  PASSWORD_REMIND_DAYS: whole(7, 0, 365),
  PASSWORD_HISTORY: whole(0, 0, 24),

  SMS_GATEWAY_URL: optionalText,
  SMS_IP_CAPTCHA_AFTER: whole(3, 1, BIG),
  SMS_IP_HOURLY_LIMIT: whole(20, 1, BIG),
  SMS_ACCOUNT_HOURLY_LIMIT: whole(5, 1, BIG),
  SMS_GATEWAY_COOLDOWN_SECONDS: whole(30, 0, 3600),
  SMS_DELIVERY_ATTEMPTS: whole(3, 1, 20),
  SMS_WORKER_INTERVAL_MS: whole(250, 0, 60_000),

  REGISTRATION_ENABLED: z.string().optional(),
  REGISTRATION_APPROVAL: z.string().optional(),
  LDAP_URL: optionalText,
  LDAP_BASE_DN: text(''),
  LDAP_BIND_DN: text(''),
  LDAP_BIND_PASSWORD: text(''),
  LDAP_USER_FILTER: text('(uid={0})'),
  DIRECTORY_SYNC_MINUTES: whole(0, 0, 7 * 24 * 60),

  REQUEST_TIMEOUT_SECONDS: whole(15, 0, 600),
  OIDC_KEY_ROTATION_DAYS: whole(90, 0, 3650),
  OIDC_LOGOUT_SWEEP_MS: whole(2000, 0, 3_600_000),

  METRICS_PORT: z.string().optional(),
  METRICS_HOST: text('127.0.0.1'),
  METRICS_TOKEN: optionalText,
  SHUTDOWN_GRACE_SECONDS: whole(25, 0, 600),
  IMPORTS_AT_ONCE: whole(2, 1, 32),
  RETENTION_LOG_DAYS: whole(180, 1, 3650 * 3),
  RETENTION_INTERVAL_MINUTES: z.string().optional(),
  SAML_KEY_MIN_PUBLISHED_MINUTES: z.string().optional(),
  RETENTION_BATCH_SIZE: whole(1000, 1, 100_000),
  AUDIT_HASH: oneOf(['sha256', 'sm3'] as const, 'sha256'),
  AUDIT_CHAIN: oneOf(['on', 'off'] as const, 'on'),
  AUDIT_SIGNING_KEY: optionalText,
  AUDIT_CHECKPOINT_RECORDS: whole(1000, 1, BIG),
  AUDIT_CHECKPOINT_MINUTES: whole(10, 1, 24 * 60),
  AUDIT_CHECKPOINT_DIR: optionalText,
  AUDIT_CHECKPOINT_URL: optionalText.refine((raw) => raw === null || /^https?:\/\/[^\s]+$/.test(raw), { message: 'must be an http or https address' }),
  OUTBOUND_ALLOW: z.string().optional().transform((raw, ctx) => {
    const parsed = parseOutboundAllow(raw);
    if ('entries' in parsed) return parsed.entries;
    ctx.addIssue({ code: 'custom', message: `"${parsed.wrong}" is neither a host name nor an IP address or CIDR range` });
    return z.NEVER;
  }),
});

/** PUBLIC_URL as an origin (no path, no trailing slash); http://localhost:<PORT> when unset. */
function publicUrlOf(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be an http or https origin (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('PUBLIC_URL must be an http or https origin');
  return url.origin;
}

/** Reads the environment; throws one Error naming each variable that is wrong and why. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const mode = e.IDAAS_MODE;
  if (mode === 'production' && !e.SMS_GATEWAY_URL) {
    throw new Error('IDAAS_MODE=production needs SMS_GATEWAY_URL: codes would otherwise go nowhere');
  }
  if (mode === 'production' && !e.AUDIT_SIGNING_KEY) {
    throw new Error('IDAAS_MODE=production needs AUDIT_SIGNING_KEY (an Ed25519 private key in PEM, kept outside the database): audit checkpoints are signed with it');
  }
  if (mode === 'production' && e.RISK_SIGNALS === 'off') throw new Error('RISK_SIGNALS=off is for benchmarks only and refused with IDAAS_MODE=production');
  if (mode === 'production' && e.AUDIT_CHAIN === 'off') throw new Error('AUDIT_CHAIN=off is for benchmarks only and refused with IDAAS_MODE=production');
  // Six months at least (Cybersecurity Law art. 21; MLPS 2.0 level 3).
  if (mode === 'production' && e.RETENTION_LOG_DAYS < 180) throw new Error(`RETENTION_LOG_DAYS must be at least 180 with IDAAS_MODE=production (got ${e.RETENTION_LOG_DAYS})`);
  // Defaults that depend on the mode: tests drive the pruning themselves (a timer would delete
  // rows under their feet), and demo or test servers started side by side on one machine would
  // fight over one metrics port.
  const byMode = (name: 'RETENTION_INTERVAL_MINUTES' | 'METRICS_PORT' | 'SAML_KEY_MIN_PUBLISHED_MINUTES', schema: ReturnType<typeof whole>) => {
    const result = schema.safeParse(e[name]);
    if (!result.success) throw new Error(`Invalid configuration: ${name} ${result.error.issues[0].message}`);
    return result.data;
  };
  const retentionInterval = byMode('RETENTION_INTERVAL_MINUTES', whole(mode === 'test' ? 0 : 60, 0, 7 * 24 * 60));
  // Tests rotate keys they have just made; a real installation waits a day for SPs to refresh metadata.
  const samlKeyMinPublished = byMode('SAML_KEY_MIN_PUBLISHED_MINUTES', whole(mode === 'test' ? 0 : 24 * 60, 0, 365 * 24 * 60));
  const metricsPort = byMode('METRICS_PORT', whole(mode === 'production' ? 9464 : 0, 0, 65535));
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    database: { statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS },
    mode,
    staticDir: e.STATIC_DIR === '' ? null : (e.STATIC_DIR ?? 'dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS, touchSeconds: e.SESSION_TOUCH_SECONDS },
    lockout: {
      captchaAfter: e.LOGIN_CAPTCHA_AFTER,
      ipCaptchaAfter: e.LOGIN_IP_CAPTCHA_AFTER,
      lockAfter: e.LOGIN_LOCK_AFTER,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      ipFailuresPerHour: e.LOGIN_IP_FAILURES_PER_HOUR,
    },
    otp: { ttlSeconds: e.OTP_TTL_SECONDS, maxTries: e.OTP_MAX_TRIES, resendSeconds: e.OTP_RESEND_SECONDS, dailyPerNumber: e.SMS_DAILY_LIMIT },
    captcha: { ttlSeconds: e.CAPTCHA_TTL_SECONDS, sliderTolerance: e.CAPTCHA_SLIDER_TOLERANCE },
    ticketMinutes: e.TICKET_MINUTES,
    activationHours: e.ACTIVATION_HOURS,
    passwordExpiryDays: e.PASSWORD_EXPIRY_DAYS,
    passwordRemindDays: e.PASSWORD_REMIND_DAYS,
    passwordHistory: e.PASSWORD_HISTORY,
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    sms: {
      gatewayUrl: e.SMS_GATEWAY_URL,
      ipCaptchaAfter: e.SMS_IP_CAPTCHA_AFTER,
      ipPerHour: e.SMS_IP_HOURLY_LIMIT,
      accountPerHour: e.SMS_ACCOUNT_HOURLY_LIMIT,
      gatewayCooldownSeconds: e.SMS_GATEWAY_COOLDOWN_SECONDS,
      deliveryAttempts: e.SMS_DELIVERY_ATTEMPTS,
      workerIntervalMs: e.SMS_WORKER_INTERVAL_MS,
    },
    // Production starts closed: anyone on the internet could otherwise make an account. Demo and test keep it open.
    registrationEnabled: e.REGISTRATION_ENABLED === undefined ? mode !== 'production' : e.REGISTRATION_ENABLED !== 'false',
    registrationApproval: e.REGISTRATION_APPROVAL === 'true',
    ldap: e.LDAP_URL
      ? { url: e.LDAP_URL, baseDn: e.LDAP_BASE_DN, bindDn: e.LDAP_BIND_DN, bindPassword: e.LDAP_BIND_PASSWORD, userFilter: e.LDAP_USER_FILTER }
      : null,
    directorySyncMinutes: e.DIRECTORY_SYNC_MINUTES,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    publicUrl: publicUrlOf(e.PUBLIC_URL, e.PORT),
    oidc: { keyRotationDays: e.OIDC_KEY_ROTATION_DAYS, logoutSweepMs: e.OIDC_LOGOUT_SWEEP_MS },
    saml: { keyMinPublishedMinutes: samlKeyMinPublished },
    logLevel: e.LOG_LEVEL,
    metrics: { port: metricsPort, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    importsAtOnce: e.IMPORTS_AT_ONCE,
    retention: { logDays: e.RETENTION_LOG_DAYS, intervalMinutes: retentionInterval, batchSize: e.RETENTION_BATCH_SIZE },
    outboundAllow: e.OUTBOUND_ALLOW,
    timeZone: e.COMPANY_TIME_ZONE,
    geoipDb: e.GEOIP_DB?.trim() || null,
    riskSignals: e.RISK_SIGNALS === 'on',
    auditTrail: {
      hash: e.AUDIT_HASH,
      chain: e.AUDIT_CHAIN === 'on',
      signingKey: e.AUDIT_SIGNING_KEY,
      checkpointRecords: e.AUDIT_CHECKPOINT_RECORDS,
      checkpointMinutes: e.AUDIT_CHECKPOINT_MINUTES,
      // Tests ask for checkpoints themselves, as they do for pruning.
      checkpointCheckSeconds: mode === 'test' ? 0 : 30,
      checkpointDir: e.AUDIT_CHECKPOINT_DIR,
      checkpointUrl: e.AUDIT_CHECKPOINT_URL,
    },
  };
  return { ...config, ...overrides };
}

/** Dev endpoints, demo data and the outbox exist only outside production. */
export const isDevMode = (config: Config) => config.mode !== 'production';
