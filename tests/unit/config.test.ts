import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';

describe('configuration', () => {
  it('keeps the numbers of DESIGN.md §5 as defaults', () => {
    const c = readConfig({});
    expect(c.lockout).toEqual({ captchaAfter: 3, ipCaptchaAfter: 20, lockAfter: 10, windowMinutes: 15, lockMinutes: 15, ipFailuresPerHour: 100 });
    expect(c.otp).toEqual({ ttlSeconds: 300, maxTries: 5, resendSeconds: 60, dailyPerNumber: 10 });
    expect(c.captcha).toEqual({ ttlSeconds: 120, sliderTolerance: 5 });
    expect(c.session).toEqual({ idleMinutes: 30, absoluteHours: 12, touchSeconds: 60 });
    expect(c.sms).toMatchObject({ ipCaptchaAfter: 3, ipPerHour: 20, accountPerHour: 5, deliveryAttempts: 3 });
    expect(c.ticketMinutes).toBe(10);
    expect(c.logLevel).toBe('info');
    expect(c.metrics).toEqual({ port: 0, host: '127.0.0.1', token: null });
    expect(readConfig({ IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://sms.example/', AUDIT_SIGNING_KEY: '/keys/audit.pem' }).metrics.port).toBe(9464);
    expect(c.retention).toEqual({ logDays: 180, intervalMinutes: 60, batchSize: 1000 });
    expect(readConfig({ IDAAS_MODE: 'test' }).retention.intervalMinutes).toBe(0);
  });

  it('sets every security number from the environment', () => {
    const c = readConfig({
      OTP_TTL_SECONDS: '120', OTP_MAX_TRIES: '3', OTP_RESEND_SECONDS: '90', LOGIN_WINDOW_MINUTES: '30', CAPTCHA_TTL_SECONDS: '60',
      CAPTCHA_SLIDER_TOLERANCE: '3', TICKET_MINUTES: '5', SESSION_TOUCH_SECONDS: '30', SESSION_IDLE_MINUTES: '20', LOG_LEVEL: 'warn',
      METRICS_TOKEN: 'scrape-me', RETENTION_LOG_DAYS: '365', RETENTION_INTERVAL_MINUTES: '0', SHUTDOWN_GRACE_SECONDS: '5',
    });
    expect(c.otp).toMatchObject({ ttlSeconds: 120, maxTries: 3, resendSeconds: 90 });
    expect(c.lockout.windowMinutes).toBe(30);
    expect(c.captcha).toEqual({ ttlSeconds: 60, sliderTolerance: 3 });
    expect(c.ticketMinutes).toBe(5);
    expect(c.session).toMatchObject({ idleMinutes: 20, touchSeconds: 30 });
    expect(c.logLevel).toBe('warn');
    expect(c.metrics.token).toBe('scrape-me');
    expect(c.retention).toMatchObject({ logDays: 365, intervalMinutes: 0 });
    expect(c.shutdownGraceSeconds).toBe(5);
  });

  it.each([
    ['OTP_MAX_TRIES', '-1'],
    ['OTP_MAX_TRIES', '0'],
    ['OTP_TTL_SECONDS', '2.5'],
    ['OTP_TTL_SECONDS', '1e3'],
    ['LOGIN_LOCK_AFTER', 'ten'],
    ['LOGIN_WINDOW_MINUTES', '100000'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['PORT', '70000'],
    ['RETENTION_LOG_DAYS', '-30'],
    ['RETENTION_INTERVAL_MINUTES', '0.5'],
    ['METRICS_PORT', '-1'],
    ['SHUTDOWN_GRACE_SECONDS', ' 1.5 '],
    ['LOG_LEVEL', 'verbose'],
    ['IDAAS_MODE', 'staging'],
  ])('refuses %s=%s with one message naming the variable', (name, value) => {
    let message = '';
    try {
      readConfig({ [name]: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${name} must be `));
    expect(message).toContain(`"${value}"`);
    expect(message.split(';')).toHaveLength(1);
  });

  it('names every wrong variable at once', () => {
    const refusal = () => readConfig({ OTP_MAX_TRIES: '-1', LOGIN_LOCK_MINUTES: '1.5' });
    expect(refusal).toThrow(/OTP_MAX_TRIES must be a whole number from 1 to 20 \(got "-1"\)/);
    expect(refusal).toThrow(/LOGIN_LOCK_MINUTES must be a whole number from 1 to 1440 \(got "1.5"\)/);
  });

  it('still refuses production without an SMS gateway and an unsafe TRUST_PROXY', () => {
    expect(() => readConfig({ IDAAS_MODE: 'production' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('starts production with self-registration closed, demo open; either is the operator\'s to change', () => {
    const production = { IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://sms.example/', AUDIT_SIGNING_KEY: '/keys/audit.pem' };
    expect(readConfig(production)).toMatchObject({ registrationEnabled: false, registrationApproval: false });
    expect(readConfig({ IDAAS_MODE: 'demo' })).toMatchObject({ registrationEnabled: true, registrationApproval: false });
    expect(readConfig({ ...production, REGISTRATION_ENABLED: 'true', REGISTRATION_APPROVAL: 'true' })).toMatchObject({ registrationEnabled: true, registrationApproval: true });
    expect(readConfig({ REGISTRATION_ENABLED: 'false' }).registrationEnabled).toBe(false);
  });

  it('refuses production without an audit signing key, with the chain off, or keeping logs under 180 days', () => {
    const production = { IDAAS_MODE: 'production', SMS_GATEWAY_URL: 'http://sms.example/' };
    expect(() => readConfig(production)).toThrow(/AUDIT_SIGNING_KEY/);
    const keyed = { ...production, AUDIT_SIGNING_KEY: '/keys/audit.pem' };
    expect(() => readConfig({ ...keyed, AUDIT_CHAIN: 'off' })).toThrow(/AUDIT_CHAIN=off/);
    expect(() => readConfig({ ...keyed, RETENTION_LOG_DAYS: '179' })).toThrow(/RETENTION_LOG_DAYS must be at least 180/);
    expect(readConfig({ ...keyed, RETENTION_LOG_DAYS: '180' }).retention.logDays).toBe(180);
    expect(readConfig({ RETENTION_LOG_DAYS: '30', AUDIT_CHAIN: 'off' })).toMatchObject({ retention: { logDays: 30 }, auditTrail: { chain: false } });
    expect(readConfig({}).auditTrail).toMatchObject({ hash: 'sha256', chain: true, signingKey: null, checkpointRecords: 1000, checkpointMinutes: 10, checkpointDir: null, checkpointUrl: null });
    expect(() => readConfig({ AUDIT_HASH: 'md5' })).toThrow(/AUDIT_HASH must be one of sha256, sm3/);
    expect(() => readConfig({ AUDIT_CHECKPOINT_URL: 'ftp://x' })).toThrow(/AUDIT_CHECKPOINT_URL/);
  });

  it('lets overrides replace whole sections, as tests do', () => {
    expect(readConfig({}, { staticDir: null, ticketMinutes: 1 })).toMatchObject({ staticDir: null, ticketMinutes: 1 });
  });
});
