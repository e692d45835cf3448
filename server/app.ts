import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { API_PREFIX } from '../contract/paths.js';
import { isDevMode, type Config } from './config.js';
import { migrate, openStore, type Store } from './db/connect.js';
import { seedDemo } from './db/seedDemo.js';
import { buildRepos } from './repositories/index.js';
import { buildServices, type Services } from './services/index.js';
import { systemClock, type Clock } from './lib/clock.js';
import { httpGateway, outboxGateway } from './sms/gateway.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerCsrfGuard } from './plugins/csrf.js';
import { registerSecurityHeaders } from './plugins/security.js';
import { registerSpa } from './plugins/spa.js';
import authRoutes from './routes/auth.js';
import accountRoutes from './routes/account.js';
import devRoutes from './routes/dev.js';
import signInStepRoutes from './routes/signInSteps.js';
import permissionRoutes from './routes/permissions.js';
import groupRoutes from './routes/groups.js';
import passwordRoutes from './routes/passwords.js';
import securityRoutes from './routes/security.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    store: Store;
  }
}

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  logger?: boolean;
}

/** Keys that must never reach a log line. */
const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Builds the whole server: store (migrated, seeded outside production), services, plugins, routes. */
export async function buildApp({ config, clock = systemClock, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const store = openStore(config.databaseUrl);
  await migrate(store);

  const app = Fastify({
    logger: logger ? { level: 'info', redact: REDACT } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const gateway = config.sms.gatewayUrl ? httpGateway(config.sms.gatewayUrl) : outboxGateway(store.db);
  const services = buildServices({ store, repos: buildRepos(store.db), config, clock }, gateway);
  if (isDevMode(config)) await seedDemo(store, clock.now(), services.passwords.hash);
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorate('store', store);
  app.addHook('onClose', async () => store.db.destroy());

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  await app.register(cookie);
  registerCsrfGuard(app);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(signInStepRoutes);
      await api.register(permissionRoutes);
      await api.register(groupRoutes);
      await api.register(passwordRoutes);
      await api.register(securityRoutes);
      if (isDevMode(config)) await api.register(devRoutes);
    },
    { prefix: API_PREFIX },
  );

  const { full } = await services.sm2.publicKey();
  await registerSpa(app, config.staticDir, full);
  return app;
}
