import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { DemoDb } from './db';
import { startEntry, type JourneyEntry } from './processes';

/*
 * The sample applications of examples/ in journeys: each worker runs its own on ports of its own
 * (portal.ownPort) and moves the demo organisation's registration of them there in its database.
 */

/** Starts a sample application of examples/ with `env`; resolves once it says `ready` on stderr. */
export function startSample(sample: Exclude<JourneyEntry, 'e2eServe'>, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = startEntry(sample, { ...process.env, ...env }, ['ignore', 'ignore', 'pipe']);
  let said = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(ready)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the sample ${sample} (${JSON.stringify(env)}) exited with ${code}: ${said}`)));
  });
}

/** Stops the samples and waits until they are gone, before the next start on the same ports (a worker may run a group's hooks again). */
export function stopSamples(samples: ChildProcess[]): Promise<unknown> {
  return Promise.all(samples.map((sample) => new Promise((resolve) => {
    if (sample.exitCode !== null || sample.signalCode !== null) resolve(null);
    else {
      sample.once('exit', resolve);
      sample.kill();
    }
  })));
}

/**
 * Moves an application's registered addresses from the seeded origin to the sample's: its launch
 * URL, and its SAML service provider (entity ID, ACS, SLO, metadata) or CAS service URLs.
 */
export function moveApp(db: DemoDb, appId: string, seeded: string, origin: string): void {
  db.run((sqlite) => {
    const app = (sqlite.prepare('SELECT id FROM apps WHERE app_id = ?').get(appId) as { id: number } | undefined)?.id;
    if (app === undefined) throw new Error(`the demo organisation has no application ${appId}`);
    const args = { seeded, origin, app };
    sqlite.prepare('UPDATE apps SET idp_sso_url = replace(idp_sso_url, @seeded, @origin) WHERE id = @app').run(args);
    sqlite.prepare(`UPDATE saml_sps SET entity_id = replace(entity_id, @seeded, @origin), acs_urls = replace(acs_urls, @seeded, @origin),
      slo_url = replace(slo_url, @seeded, @origin), metadata_xml = replace(metadata_xml, @seeded, @origin) WHERE app_ref = @app`).run(args);
    sqlite.prepare('UPDATE cas_services SET url = replace(url, @seeded, @origin) WHERE app_ref = @app').run(args);
  });
}

/** The URLs the page's main frame shows, and the navigations it asks for, from now on. */
export function watchNavigation(page: Page): { shown: string[]; requested: string[] } {
  const seen = { shown: [] as string[], requested: [] as string[] };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.shown.push(frame.url());
  });
  page.on('request', (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) seen.requested.push(req.url());
  });
  return seen;
}
