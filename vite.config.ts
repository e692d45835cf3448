import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticCss } from './build/antdStaticCss';
import { chunkModules } from './build/chunkModules';
import { chunkGroups } from './build/chunkPlan';
import { clientEndpoints } from './build/clientEndpoints';
import { precompress } from './build/precompress';
import { WORKBENCH_SOURCE, workbenchPage } from './build/workbenchPage';

const API_SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [clientEndpoints(), react(), antdStaticCss(WORKBENCH_SOURCE), chunkModules(), workbenchPage(), precompress()],
  server: {
    // The Fastify server answers the API; vite serves both pages (the portal and /systemhub/).
    proxy: {
      '/idaas': { target: API_SERVER },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets the budget check see which chunks each page pulls in (tests/bench/bundle.ts).
    manifest: true,
    rolldownOptions: {
      // Two pages: the portal (sign-in included) and the administrators' workbench, whose page
      // lives beside its code and is written to dist/systemhub/ (build/workbenchPage.ts).
      input: { portal: fileURLToPath(new URL('index.html', import.meta.url)), systemhub: fileURLToPath(new URL(WORKBENCH_SOURCE, import.meta.url)) },
      output: {
        // framework, ui (start-up and what the sign-in page shares), signin (its own folder) and
        // app (the signed-in shell): build/chunkPlan.ts.
        codeSplitting: { groups: chunkGroups() },
      },
    },
  },
});
