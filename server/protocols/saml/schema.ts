import { Worker } from 'node:worker_threads';
import { XML_MAX_CHARS } from './safeXml.js';

/** Whether a message conforms to the SAML 2.0 protocol schema, and if not the first reason why. */
export type SchemaVerdict = { ok: true } | { ok: false; error: string };

/** A message libxml2 has not answered for by then is hostile (a 64 KB message validates in tens of ms). */
const TIMEOUT_MS = 5_000;
/**
 * How long a new thread may take to load the runtime, compile the wasm module and read the
 * schemas (≈ 0.4 s on a quiet machine, seconds on a loaded one) before it counts as broken. Not
 * part of a message's limit: a well-formed request that arrived as the thread started was refused
 * as "timed out" on a busy machine.
 */
const STARTUP_MS = 60_000;

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
/** What a thread says once it can take messages (schemaWorker.mjs). */
interface Ready { kind: 'saml-schema-ready' }

/** Where the thread's code is and how long it may take; tests give a thread of their own. */
export interface ValidatorOptions { entry: URL; timeoutMs: number; startupMs: number; workerData?: unknown }
const DEFAULTS: ValidatorOptions = { entry: new URL('./schemaWorker.mjs', import.meta.url), timeoutMs: TIMEOUT_MS, startupMs: STARTUP_MS };

/** The first problem xmllint reports, without its "message.xml:<line>:" prefix. */
function firstError(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim() && !/ (validates|fails to validate)$/.test(l)) ?? 'not valid';
  return line.replace(/^message\.xml:\d+:\s*/, '').slice(0, 300);
}

/**
 * One warm validation thread, one message at a time: the wasm module is compiled and the schemas
 * read once, a timed-out message costs its thread (it is replaced, the queue goes on), and an
 * idle thread does not keep the process alive. A message's clock starts when the thread is ready
 * for it, so the thread's start-up is never counted against the message it was started for.
 */
export function schemaValidator(options: ValidatorOptions = DEFAULTS) {
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let ready = false;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 0;

  function spawn(): Worker {
    const w = new Worker(options.entry, { workerData: options.workerData });
    ready = false;
    w.on('message', (reply: Reply | Ready) => {
      if (worker !== w) return;
      if (reply?.kind === 'saml-schema-ready') {
        ready = true;
        if (current) send(current);
        return;
      }
      if (reply?.kind !== 'saml-schema' || !current || reply.id !== current.id) return;
      finish(current, reply);
    });
    // The thread itself failed (the wasm module would not load): a fault of ours, not of the message.
    w.on('error', (error) => { if (worker === w) fault(error); });
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
    if (ready) {
      send(job);
      return;
    }
    // A thread that never gets ready is ours to blame, not the message's: the caller gets an error.
    timer = setTimeout(() => fault(new Error('schema validation thread did not start')), options.startupMs);
    timer.unref();
  }

  /** The message to the ready thread, on its own clock. */
  function send(job: Job): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const w = worker;
      worker = null;
      if (w) void w.terminate();
      settle();
      job.resolve({ ok: false, error: 'schema validation timed out' });
    }, options.timeoutMs);
    timer.unref();
    worker!.postMessage({ kind: 'saml-schema', id: job.id, xml: job.xml });
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
