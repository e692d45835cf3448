import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import type { Client } from './harness.js';

/**
 * What the API suites of the sample applications (examples/saml-sp, examples/cas-client) share:
 * the sample started as a process of its own, the demo organisation's registration of it moved to
 * the sample's port, and the self-submitting forms a browser would post.
 */

/** Starts a compiled sample with `env`; resolves once it says `ready` on stderr. */
export function startSample(entry: string, env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [entry], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(ready)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the sample exited with ${code}: ${said}`)));
  });
}

/** Moves a demo application's launch URL and its SAML SP or CAS service URLs from the seeded origin to the sample's. */
export async function moveApp(client: Client, appId: string, seeded: string, origin: string): Promise<void> {
  const db = client.app.store.db;
  const { id } = await db.selectFrom('apps').select('id').where('app_id', '=', appId).executeTakeFirstOrThrow();
  const moved = (column: string) => sql<string>`replace(${sql.ref(column)}, ${seeded}, ${origin})`;
  await db.updateTable('apps').set({ idp_sso_url: moved('idp_sso_url') }).where('id', '=', id).execute();
  await db.updateTable('saml_sps').set({ entity_id: moved('entity_id'), acs_urls: moved('acs_urls'), slo_url: moved('slo_url'), metadata_xml: moved('metadata_xml') })
    .where('app_ref', '=', id).execute();
  await db.updateTable('cas_services').set({ url: moved('url') }).where('app_ref', '=', id).execute();
}

const unescapeHtml = (text: string) => text
  .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  .replace(/&#(\d+);/g, (_, dec: string) => String.fromCharCode(Number(dec)))
  .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** A self-submitting HTML form (SAML's HTTP-POST binding): where it posts and its hidden fields. */
export function postedForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*\saction="([^"]*)"/i.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form in: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*>/gi)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = unescapeHtml(/\svalue="([^"]*)"/.exec(input)?.[1] ?? '');
  }
  return { action: unescapeHtml(action), fields };
}
