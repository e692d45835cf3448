/*
 * The thread that runs libxml2's xmllint (xmllint-wasm) against the SAML 2.0 protocol schema.
 *
 * xmllint-wasm's own validateXML starts a new thread and compiles the 1 MB wasm module for every
 * call (about 340 ms here); this thread compiles it once and reads the schemas once, and each
 * message then only costs a fresh wasm instance (xmllint is a command-line program: it exits, so
 * an instance runs once). It lives in its own thread because the Emscripten runtime may abort
 * or exit, which must not take the server with it.
 *
 * Nothing here touches the network or the host's files: the instance sees only an in-memory file
 * system holding the message and the four schemas, and --nonet forbids network loads anyway.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const XSD_DIR = path.join(import.meta.dirname, 'xsd');
const ROOT_SCHEMA = 'saml-schema-protocol-2.0.xsd';
const SCHEMAS = [ROOT_SCHEMA, 'saml-schema-assertion-2.0.xsd', 'xmldsig-core-schema.xsd', 'xenc-schema.xsd']
  .map((fileName) => ({ fileName, contents: readFileSync(path.join(XSD_DIR, fileName), 'utf8') }));
const MESSAGE_FILE = 'message.xml';
const ARGS = ['--nonet', '--noout', '--schema', ROOT_SCHEMA, MESSAGE_FILE];

const wasmDir = path.dirname(require.resolve('xmllint-wasm/package.json'));
// Loading the Emscripten glue also registers xmllint-wasm's own message listener, which ignores
// every message not tagged with its key; ours are not.
const xmllint = require(path.join(wasmDir, 'xmllint-node.js'));
const compiled = new WebAssembly.Module(readFileSync(path.join(wasmDir, 'xmllint.wasm')));

/** 16 MiB to start, 32 MiB at most: a 64 KB message never needs more, and a hostile one stops there. */
const INITIAL_PAGES = 256;
const MAX_PAGES = 512;

async function validate(xml) {
  let stderr = '';
  let exitCode = null;
  try {
    await xmllint({
      inputFiles: [{ fileName: MESSAGE_FILE, contents: xml }, ...SCHEMAS],
      // A copy: the runtime puts the program name in front of the array it is given.
      arguments: [...ARGS],
      print() {},
      printErr(text) { stderr += `${text}\n`; },
      onExit(code) { exitCode = code; },
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled));
        return {};
      },
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAX_PAGES }),
    });
  } catch (error) {
    // Emscripten ends a program by throwing; an abort (out of memory) has no exit code.
    if (exitCode === null) stderr += `aborted: ${error && error.message ? error.message : String(error)}\n`;
  }
  return { exitCode, stderr };
}

parentPort.on('message', async (message) => {
  if (!message || message.kind !== 'saml-schema') return;
  const result = await validate(String(message.xml));
  parentPort.postMessage({ kind: 'saml-schema', id: message.id, ...result });
});

// Ready for messages: the module is compiled and the schemas read (schema.ts starts each message's clock now).
parentPort.postMessage({ kind: 'saml-schema-ready' });
