import type { Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json: for every JS chunk of the build, the source modules it holds
 * (paths relative to the project, node_modules by package) with their rendered bytes. The
 * manifest says which chunks a page loads; this says what is inside them, so
 * tests/bench/bundle.ts can check that a page does not download another page's code (the
 * personal centre must not carry the sign-in page).
 */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'idaas-chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root.replace(/\\/g, '/');
    },
    generateBundle(_options, bundle) {
      const name = (id: string) => {
        const path = id.replace(/\\/g, '/').replace(/\?.*$/, '');
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
        return pkg ? `npm:${pkg[1]}` : path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
      };
      const map: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(chunk.modules)) modules[name(id)] = (modules[name(id)] ?? 0) + info.renderedLength;
        map[chunk.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(map, null, 1) });
    },
  };
}
