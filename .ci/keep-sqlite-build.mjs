// Keeps the SQLite driver's module that `npm ci` has just compiled as a local prebuilt one, under
// the name better-sqlite3's installer (prebuild-install) looks for: its version, Node's ABI, the
// platform, libc and architecture, computed by prebuild-install itself. Usage:
//   node .ci/keep-sqlite-build.mjs <folder>   (the folder npm_config_better_sqlite3_local_prebuilds names)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const load = createRequire(import.meta.url);
const folder = process.argv[2];
const driver = path.dirname(load.resolve('better-sqlite3/package.json'));
const pkg = load(path.join(driver, 'package.json'));
const installer = path.dirname(load.resolve('prebuild-install/package.json', { paths: [driver] }));
const options = { ...load(path.join(installer, 'rc'))(pkg), pkg };
const name = path.basename(load(path.join(installer, 'util')).getDownloadUrl(options));
const target = path.join(folder, name);
const built = path.join('build', 'Release', 'better_sqlite3.node');
if (!existsSync(target) && existsSync(path.join(driver, built))) {
  // Keeping it only saves the next run time: a failure here is reported, not fatal.
  try {
    mkdirSync(folder, { recursive: true });
    const partial = `${target}.${process.pid}`;
    execFileSync('tar', ['-czf', partial, '-C', driver, built]);
    renameSync(partial, target);
    console.log(`kept ${built} of better-sqlite3 ${pkg.version} as ${target}`);
  } catch (error) {
    console.warn(`could not keep the compiled SQLite driver: ${error.message}`);
  }
}
