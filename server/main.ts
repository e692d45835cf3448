import type { Server } from 'node:http';
import { readConfig } from './platform/config.js';
import { buildApp } from './app.js';
import { startMetricsServer } from './platform/ops/metricsRoute.js';
import { handleShutdown } from './platform/ops/shutdown.js';

const config = readConfig();
const app = await buildApp({ config, logger: true });

// With a token, /metrics is on the main port (platform/ops/metricsRoute.ts); otherwise on a port of its own.
const extra: Server[] = [];
if (!config.metrics.token && config.metrics.port > 0) extra.push(await startMetricsServer(config.metrics.host, config.metrics.port));
handleShutdown(app, config.shutdownGraceSeconds, extra);

await app.listen({ port: config.port, host: config.host });
console.warn(`IDaaS portal (${config.mode}) on http://localhost:${config.port} — store ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`);
