import { Worker } from 'node:worker_threads';
import { XML_MAX_CHARS } from './safeXml.js';

/** Whether a message conforms to the SAML 2.0 protocol schema, and if not the first reason why. */
export type SchemaVerdict = { ok: true } | { ok: false; error: string };

/** A message libxml2 has not answered for by then is hostile (a 64 KB message validates in tens of ms). */
const TIMEOUT_MS = 5_000;

/*
 * Refused before libxml2 sees the text, so that its DTD and entity handling are never reached
 * (the same rule as parseSafeXml, kept here so this function is safe on its own). An encoding
 * other than UTF-8 is refused too: the text was decoded as UTF-8, and a parser honouring another
 * declared encoding would read different characters from the ones xmldom reads afterwards.
 */
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
const XML_DECLARATION_ENCODING = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/;

/** xmllint's exit codes (xmllint.c): 0 valid, 3 invalid, 4 unreadable or not well-formed, 5 the schema itself did not compile. */
const EXIT_OK = 0;
const EXIT_SCHEMA_COMPILE = 5;

interface Job { id: number; xml: string; resolve: (verdict: SchemaVerdict) => void; reject: (error: Error) => void }
interface Reply { kind: 'saml-schema'; id: number; exitCode: number | null; stderr: string }

/** The first problem xmllint reports, without its "message.xml:<line>:" prefix. */
function firstError(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim() && !/ (validates|fails to validate)$/.test(l)) ?? 'not valid';
  return line.replace(/^message\.xml:\d+:\s*/, '').slice(0, 300);
}

/**
 * One warm validation thread, one message at a time: the wasm module is compiled and the schemas
 * read once, a timed-out message costs its thread (it is replaced, the queue goes on), and an
 * idle thread does not keep the process alive.
 */
function schemaValidator() {
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 0;

  function spawn(): Worker {
    const w = new Worker(new URL('./schemaWorker.mjs', import.meta.url));
    w.on('message', (reply: Reply) => {
      if (reply?.kind !== 'saml-schema' || !current || reply.id !== current.id) return;
      finish(current, reply);
    });
    // The thread itself failed (the wasm module would not load): a fault of ours, not of the message.
    w.on('error', (error) => fault(error));
    w.on('exit', () => { if (worker === w) { worker = null; if (current) fault(new Error('schema validation thread exited')); } });
    return w;
  }

  function settle(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    current = null;
    pump();
    // Idle, the thread must not keep the process alive; busy, it must (someone awaits its answer).
    if (!current) worker?.unref();
  }

  function finish(job: Job, reply: Reply): void {
    settle();
    if (reply.exitCode === EXIT_OK) job.resolve({ ok: true });
    else if (reply.exitCode === EXIT_SCHEMA_COMPILE) job.reject(new Error(`SAML schemas did not compile: ${firstError(reply.stderr)}`));
    else job.resolve({ ok: false, error: firstError(reply.stderr) });
  }

  function fault(error: Error): void {
    const job = current;
    const w = worker;
    worker = null;
    if (w) void w.terminate();
    if (job) { settle(); job.reject(error); }
  }

  function pump(): void {
    if (current || !queue.length) return;
    const job = queue.shift() as Job;
    current = job;
    worker ??= spawn();
    worker.ref();
    timer = setTimeout(() => {
      const w = worker;
      worker = null;
      if (w) void w.terminate();
      settle();
      job.resolve({ ok: false, error: 'schema validation timed out' });
    }, TIMEOUT_MS);
    timer.unref();
    worker.postMessage({ kind: 'saml-schema', id: job.id, xml: job.xml });
  }

  return (xml: string): Promise<SchemaVerdict> => new Promise((resolve, reject) => {
    queue.push({ id: ++nextId, xml, resolve, reject });
    pump();
  });
}

let validator: ReturnType<typeof schemaValidator> | null = null;

/**
 * Validates an inbound SAML protocol message (AuthnRequest, LogoutRequest, LogoutResponse…) as
 * text against the OASIS SAML 2.0 protocol schema and the schemas it imports (assertion, XML
 * Signature, XML Encryption), with libxml2 (xmllint-wasm). Nothing is fetched: the schemas come
 * from ./xsd and imports resolve there. Call it on the decoded XML before anything is read from
 * the message; a refusal answers like the hand checks do. Which message it is (the root element)
 * is the caller's to check: any element the schemas declare globally validates here.
 */
export async function validateSamlMessage(xml: string): Promise<SchemaVerdict> {
  if (xml.length > XML_MAX_CHARS) return { ok: false, error: 'message too large' };
  if (DOCTYPE.test(xml)) return { ok: false, error: 'document type declarations are not accepted' };
  const encoding = XML_DECLARATION_ENCODING.exec(xml)?.[1];
  if (encoding !== undefined && encoding.toLowerCase() !== 'utf-8') return { ok: false, error: `encoding ${encoding} is not accepted` };
  validator ??= schemaValidator();
  return validator(xml);
}
