import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientEndpoints } from './build/clientEndpoints';
import { precompress } from './build/precompress';

const API_SERVER = 'http://127.0.0.1:8080';

/**
 * Libraries every route needs, sign-in included. One chunk for them compresses better than
 * the many small shared chunks automatic splitting makes, and stays cached across releases
 * that only touch our code.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|axios)[\\/]/;

/**
 * The sign-in page's parts and everything they import (antd form, inputs, http, captcha…) as
 * one chunk. Left to automatic splitting, every signed-in page that shares one of those modules
 * cuts the sign-in page into more, smaller chunks that compress worse (+9 KB gzipped once the
 * personal-centre pages arrived). LoginPage itself stays out so the manifest still names it.
 * Whatever the sign-in page loads lazily must live outside this folder, or it joins the chunk.
 */
const SIGN_IN = /src[\\/]pages[\\/]sign-in[\\/](?!LoginPage\.tsx)/;

export default defineConfig({
  plugins: [clientEndpoints(), react(), precompress()],
  server: {
    // The Fastify server answers the API; vite serves both pages (the portal and /systemhub/).
    proxy: {
      '/idaas': { target: API_SERVER },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lets a budget check see which chunks each page pulls in (/login: ≤ 250 KB gzipped JS).
    manifest: true,
    rolldownOptions: {
      // Two pages: the portal (sign-in included) and the administrators' workbench at /systemhub/.
      input: { portal: fileURLToPath(new URL('index.html', import.meta.url)), systemhub: fileURLToPath(new URL('systemhub/index.html', import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'signin', test: SIGN_IN, priority: 1 },
          ],
        },
      },
    },
  },
});
