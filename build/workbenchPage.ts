import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where the workbench's entry page lives (beside its code) and where it is served: /systemhub/. */
export const WORKBENCH_SOURCE = 'src/systemhub/index.html';
const WORKBENCH_OUTPUT = 'systemhub/index.html';

/**
 * The workbench's page sits beside its code, but browsers and the server know it as
 * /systemhub/: the build moves it to dist/systemhub/index.html (the server's static folder and
 * every link stay as they were; its assets are addressed from the root, /assets/…), and the
 * dev server answers /systemhub/ with it.
 */
export function workbenchPage(): Plugin {
  return {
    name: 'idaas-workbench-page',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const path = request.url?.split(/[?#]/)[0];
        if (path === '/systemhub' || path === '/systemhub/' || path === '/systemhub/index.html') request.url = `/${WORKBENCH_SOURCE}`;
        next();
      });
    },
    // Before closeBundle, where precompress writes .gz/.br beside every page.
    writeBundle(options, bundle) {
      if (!options.dir || !(WORKBENCH_SOURCE in bundle)) return;
      const target = join(options.dir, WORKBENCH_OUTPUT);
      mkdirSync(dirname(target), { recursive: true });
      renameSync(join(options.dir, WORKBENCH_SOURCE), target);
      rmSync(join(options.dir, WORKBENCH_SOURCE.split('/')[0]), { recursive: true, force: true });
    },
  };
}
