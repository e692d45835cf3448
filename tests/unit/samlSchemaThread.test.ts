import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../server/protocols/saml/schema.js';

const entry = new URL('./fixtures/slowSchemaWorker.mjs', import.meta.url);

describe('the SAML schema thread', () => {
  it('a thread that takes longer to start than a message may take still answers the message it was started for', async () => {
    // On a loaded machine the thread's start-up (runtime, wasm, schemas) took seconds and the
    // first request was refused as "timed out" although it was well-formed.
    const validate = schemaValidator({ entry, timeoutMs: 200, startupMs: 10_000, workerData: { startMs: 800 } });
    await expect(validate('<first/>')).resolves.toEqual({ ok: true });
    await expect(validate('<second/>')).resolves.toEqual({ ok: true });
  });

  it('a message the ready thread does not answer in time is refused, and the next one gets a new thread', async () => {
    const validate = schemaValidator({ entry, timeoutMs: 300, startupMs: 10_000, workerData: { startMs: 50 } });
    const started = Date.now();
    await expect(validate('hang')).resolves.toEqual({ ok: false, error: 'schema validation timed out' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await expect(validate('<after/>')).resolves.toEqual({ ok: true });
  });

  it('a thread that never gets ready is an error of the portal, not a verdict on the message', async () => {
    const validate = schemaValidator({ entry, timeoutMs: 200, startupMs: 500, workerData: { neverReady: true } });
    await expect(validate('<any/>')).rejects.toThrow('schema validation thread did not start');
  });
});
