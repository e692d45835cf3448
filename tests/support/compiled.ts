import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The entry points the API suite and the journeys start as processes of their own, compiled once per run:
 * `node --import tsx <entry>.ts` spends 2–3 s of CPU compiling and loading TypeScript at every
 * start, `node <entry>.mjs` a fraction of that. Each is one ESM file with the packages left in
 * node_modules (native ones such as better-sqlite3 and argon2 cannot be bundled anyway).
 */
export const COMPILED_ENTRIES = {
  /** `npm run admin` (server/cli/admin.ts). */
  admin: 'server/cli/admin.ts',
  /** The production server, as `npm run serve` starts it. */
  server: 'server/main.ts',
  /** tests/support/migrateAt.ts: a process that only migrates, when told to. */
  migrateAt: 'tests/support/migrateAt.ts',
  /** The sample relying party of examples/oidc-rp. */
  oidcRp: 'examples/oidc-rp/server.ts',
  /** The sample SAML service provider of examples/saml-sp. */
  samlSp: 'examples/saml-sp/server.ts',
  /** The sample CAS client of examples/cas-client. */
  casClient: 'examples/cas-client/server.ts',
  /** A journey worker's portal with its own OpenLDAP (tests/e2e/serve.ts). */
  e2eServe: 'tests/e2e/serve.ts',
} as const;

export type CompiledEntry = keyof typeof COMPILED_ENTRIES;

/**
 * A module that finds files beside itself (the docs page, the import worker's entry) still finds
 * them where they are in the tree: its `import.meta.url` stays its source file's. The entry keeps
 * its own (the bundle's), which admin.ts compares with argv[1] to know it was run.
 */
function sourceLocations(entries: string[]): Plugin {
  return {
    name: 'source-locations',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (entries.includes(args.path) || !text.includes('import.meta.url')) return undefined;
        return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
      });
    },
  };
}

/** Compiles the entries named (every one by default) into `dir`; answers the path of each output. */
export async function compileEntries<Name extends CompiledEntry>(
  root: string, dir: string, names = Object.keys(COMPILED_ENTRIES) as Name[],
): Promise<Record<Name, string>> {
  const sources = names.map((name) => resolve(root, COMPILED_ENTRIES[name]));
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(names.map((name, i) => [name, sources[i]])),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    plugins: [sourceLocations(sources)],
  });
  return Object.fromEntries(names.map((name) => [name, join(dir, `${name}.mjs`)])) as Record<Name, string>;
}
