/**
 * A background loop's failures, reported once when they start and once when the loop works
 * again: while the database is away a loop ticking every 250 ms would otherwise write four
 * identical lines a second per instance, burying what an operator needs to read.
 */
export function loopFailures(what: string, log: (line: string) => void = (line) => console.error(line)) {
  let failing = false;
  return {
    failed(error: unknown): void {
      if (failing) return;
      failing = true;
      log(`${what} failed, retrying on its schedule: ${error instanceof Error ? error.message : String(error)}`);
    },
    succeeded(): void {
      if (!failing) return;
      failing = false;
      log(`${what} works again`);
    },
  };
}
