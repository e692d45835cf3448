import { readConfig } from './config.js';
import { buildApp } from './app.js';

const config = readConfig();
const app = await buildApp({ config, logger: true });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
console.warn(`IDaaS portal (${config.mode}) on http://localhost:${config.port} — store ${config.databaseUrl.replace(/\/\/[^@]*@/, '//***@')}`);
