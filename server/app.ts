import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { API_PREFIX } from '../contract/paths.js';
import { isDevMode, type Config } from './platform/config.js';
import { migrate, openStore, type Store } from './platform/db/connect.js';
import { seedDemo } from './demo/seed.js';
import { prepareFirstSigningKeys } from './protocols/oidc/keys.js';
import { dataLayer } from './composition/repositories.js';
import { buildServices, type Services } from './composition/services.js';
import { directorySchedule } from './protocols/directory/schedule.js';
import { contextOn } from './composition/context.js';
import { systemClock, type Clock } from './platform/lib/clock.js';
import { demoGateway, httpGateway } from './sms/gateway.js';
import { openLocator } from './risk/geo.js';
import type { Locator } from './risk/types.js';
import { registerErrorHandler } from './platform/http/errors.js';
import { registerContractCheck } from './platform/http/contractCheck.js';
import { registerApiScope } from './platform/http/apiScope.js';
import { fastifyTrustProxy } from './platform/http/trustProxy.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import { registerSpa } from './platform/http/spa.js';
import authRoutes from './sign-in/routes.js';
import accountRoutes from './account/routes.js';
import devRoutes from './demo/devRoutes.js';
import signInStepRoutes from './sign-in/stepRoutes.js';
import { signOnRoutes } from './protocols/signOn/routes.js';
import permissionRoutes from './requests/routes.js';
import groupRoutes from './groups/routes.js';
import passwordRoutes from './passwords/routes.js';
import securityRoutes from './account/securityRoutes.js';
import upstreamRoutes from './broker/routes.js';
import factorRoutes from './factors/routes.js';
import docsRoutes from './docs/routes.js';
import alertRoutes from './risk/alertRoutes.js';
import adminRoutes from './composition/workbenchRoutes.js';
import scimPlugin from './protocols/scim/plugin.js';
import { SCIM_PREFIX } from './protocols/scim/links.js';
import oidcPlugin from './protocols/oidc/plugin.js';
import casPlugin from './protocols/cas/plugin.js';
import samlPlugin from './protocols/saml/plugin.js';
import { registerOps, type Ops } from './platform/ops/register.js';
import { AccessLog } from './platform/ops/accessLog.js';
import { metrics } from './platform/ops/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    store: Store;
    ops: Ops;
  }
}

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  logger?: boolean;
  /** Where sign-in addresses are (tests pass their own); otherwise GEOIP_DB's database, or none. */
  locator?: Locator | null;
  /** Where log lines go when logger is on (standard output by default). */
  logStream?: { write(line: string): void };
}

/** Keys that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Above the 60 s idle timeout of common load balancers, so they never reuse a connection we just closed. */
const KEEP_ALIVE_MS = 72_000;

/**
 * A client has requestTimeoutSeconds to send its headers and body (slow-loris connections are
 * answered 408 and closed); Node checks open connections every second instead of every 30.
 */
function timeouts(config: Config) {
  const requestMs = config.requestTimeoutSeconds * 1000;
  if (!(requestMs > 0)) return { keepAliveTimeout: KEEP_ALIVE_MS };
  return {
    requestTimeout: requestMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    // A socket silent for longer than any request or keep-alive wait is dead weight.
    connectionTimeout: KEEP_ALIVE_MS + requestMs,
    http: { requestTimeout: requestMs, headersTimeout: requestMs, connectionsCheckingInterval: Math.min(1000, requestMs) },
  };
}

/** Builds the whole server: store (migrated, seeded outside production), services, plugins, routes. */
export async function buildApp({ config, clock = systemClock, logger = false, logStream, locator }: BuildOptions): Promise<FastifyInstance> {
  const store = openStore(config.databaseUrl, config.database);
  const { fresh } = await migrate(store);
  if (fresh) prepareFirstSigningKeys();

  const app = Fastify({
    logger: logger ? { level: config.logLevel, redact: REDACT, ...(logStream ? { stream: logStream } : {}) } : false,
    // One access line per request instead of Fastify's two (platform/ops/accessLog.ts).
    logController: new AccessLog(),
    // Requests already on a connection when a shutdown starts are served, not turned away with 503.
    return503OnClosing: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...timeouts(config),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  store.onConnectionError = (error) => {
    metrics.connectionLost();
    app.log.warn({ err: error.message }, 'database connection lost; the pool replaces it on next use');
  };
  const gateway = config.sms.gatewayUrl ? httpGateway(config.sms.gatewayUrl) : demoGateway;
  // The one composition root: the data layer and the services are built here, once, and handed
  // to the routes (app.services) and to the SCIM and OIDC plugins (their options).
  const data = dataLayer(store.db, { auditChain: config.auditTrail.chain });
  const ctx = contextOn(data, config, clock);
  const services = buildServices(ctx, gateway, { locator: locator ?? (config.geoipDb ? await openLocator(config.geoipDb) : null) });
  // A wrong signing key or hash algorithm stops the start; the store is closed, not left open.
  await services.admin.trail.prepare().catch(async (error: unknown) => {
    await store.db.destroy();
    throw error;
  });
  if (isDevMode(config)) await seedDemo(store, clock.now(), services.passwords.hash);
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorate('store', store);
  services.sms.start();
  const directorySync = directorySchedule(services.admin.directory, config.directorySyncMinutes, !!config.ldap);
  directorySync.start();
  app.addHook('onClose', async () => {
    await directorySync.stop();
    await services.sms.stop();
    await store.db.destroy();
  });

  registerOps(app, clock);
  registerContractCheck(app, isDevMode(config));
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(cookie);

  await app.register(
    async (api) => {
      registerApiScope(api);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(signInStepRoutes);
      await api.register(permissionRoutes);
      await api.register(groupRoutes);
      await api.register(passwordRoutes);
      await api.register(securityRoutes);
      await api.register(upstreamRoutes);
      await api.register(factorRoutes);
      await api.register(alertRoutes);
      await api.register(signOnRoutes(data.repos));
      await api.register(adminRoutes);
      await api.register(docsRoutes);
      if (isDevMode(config)) await api.register(devRoutes);
    },
    { prefix: API_PREFIX },
  );
  // Provisioning (SCIM 2.0) beside the /idaas API, not in it: its own media type, errors and bearer tokens.
  await app.register(scimPlugin, { prefix: SCIM_PREFIX, data, ctx, services });
  // The OpenID Connect provider at /oidc and its interactions, also beside the /idaas API.
  await app.register(oidcPlugin, { data, ctx, services });
  // The CAS 3.0 server at /cas.
  await app.register(casPlugin, { data, ctx, services });
  // The SAML 2.0 identity provider at /saml.
  await app.register(samlPlugin, { data, ctx, services });

  const { full } = await services.sm2.publicKey();
  await registerSpa(app, config.staticDir, full);
  return app;
}
