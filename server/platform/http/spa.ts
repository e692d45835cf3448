import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, SPA_PATHS } from '../../../contract/paths.js';
import { CODE, codeMessage } from '../../../contract/codes.js';
import { langOf } from './envelope.js';
import { API_CACHE_CONTROL } from './apiScope.js';

const META = /<meta name="idaas-sm2"[^>]*>/;
const WORKBENCH_DIR = 'systemhub';
/**
 * The portal's page for every path but the sign-in page (build/antdStaticCss.ts SIGNED_IN_PAGE):
 * only the signed-in antd styles, which repeat the sign-in page's. A build without it serves
 * index.html everywhere, as before.
 */
const SIGNED_IN_PAGE = 'app.html';

/** Whether a request's path is the sign-in page, as the entry decides it (src/main.tsx: trailing slashes aside). */
export function isSignInPath(url: string): boolean {
  return url.split(/[?#]/)[0].replace(/\/+$/, '') === SPA_PATHS.login;
}

/** index.html is revalidated on every load, so a new build reaches browsers at once. */
const sendIndex = (reply: FastifyReply, index: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);

/**
 * A workbench page's own address (/systemhub/users?x=1, as a bookmark or a message would give it)
 * as the hash route the workbench runs on (/systemhub/#/users?x=1), query kept; null for what is
 * not under the workbench. The workbench shows its not-found page for a path it does not know.
 */
export function workbenchRoute(url: string): string | null {
  const base = `/${WORKBENCH_DIR}`;
  if (url !== base && !url.startsWith(`${base}/`) && !url.startsWith(`${base}?`)) return null;
  const rest = url.slice(base.length).replace(/^\/+/, '');
  return `${base}/#/${rest}`;
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html for every client-side
 * route, carrying the SM2 public key in a meta tag as the browser's fallback key.
 * API paths that match nothing answer E00404 as JSON.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string | null, publicKey: string): Promise<void> {
  const root = staticDir ? resolve(staticDir) : null;
  const indexFile = root ? join(root, 'index.html') : null;
  const withKey = (file: string | null) => (file && existsSync(file) ? readFileSync(file, 'utf8').replace(META, `<meta name="idaas-sm2" content="${publicKey}">`) : null);
  const index = withKey(indexFile);
  const signedInIndex = (index && withKey(root ? join(root, SIGNED_IN_PAGE) : null)) ?? index;
  const pageFor = (url: string) => ((isSignInPath(url) ? index : signedInIndex) ?? '');
  // The administrators' workbench, a page of its own (hash routes: /systemhub/#/home).
  const workbenchFile = root ? join(root, WORKBENCH_DIR, 'index.html') : null;
  const workbench = workbenchFile && existsSync(workbenchFile) ? readFileSync(workbenchFile, 'utf8') : null;

  if (root && index) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes .br/.gz beside each asset; clients get the smallest they accept.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.startsWith(join(root, 'assets'))) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The workbench's page (the trailing slash is optional to the router).
    if (workbench) app.get(`/${WORKBENCH_DIR}/`, (_request, reply) => sendIndex(reply, workbench));
    // The static wildcard would answer the root folder with 403 (index: false).
    app.get('/', (request, reply) => sendIndex(reply, pageFor(request.url)));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX || !index || request.method !== 'GET') {
      return reply.status(404).header('cache-control', API_CACHE_CONTROL).send({ code: CODE.notFound, message: codeMessage(CODE.notFound, langOf(request)), data: null });
    }
    if (workbench) {
      const route = workbenchRoute(request.url);
      if (route !== null) return reply.redirect(route, 302);
    }
    return sendIndex(reply, pageFor(request.url));
  });
}
