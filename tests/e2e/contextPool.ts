import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from '@playwright/test';

/**
 * A browser context each journey borrows and gives back clean, instead of a fresh one each.
 *
 * Why: a fresh context starts a fresh renderer process with an empty HTTP cache, so its first
 * page load downloads, decompresses, parses and compiles the SPA again and loads its fonts again:
 * ≈ 4.8 CPU-s for /myApp signed in, against ≈ 2.4 in a context whose renderer is still warm
 * (docs/DECISIONS.md, "The test suite's time"). A page the context keeps open on the portal (the
 * keeper) keeps that renderer alive between journeys; Chromium's `--process-per-site`
 * (playwright.config.ts) puts the journey's own pages of the portal's site into it.
 *
 * What a journey could leave behind is removed before the next one borrows the context: its
 * pages, cookies, the storage of every origin it reached (local storage, IndexedDB, cache
 * storage, service workers), granted permissions and routes. The HTTP cache stays, as a
 * person's browser keeps it (the SPA's assets are immutable, its pages `no-cache`).
 * A context whose journey failed, or which the journey closed, is not lent again.
 */
interface Lent {
  context: BrowserContext;
  keeper: Page;
  cdp: CDPSession;
  /** Origins the context has sent requests to: whose storage is cleared on return. */
  origins: Set<string>;
  closed: boolean;
}

/** Storage types cleared for each origin reached; the HTTP cache and cookies are not among them (cookies go for all sites at once). */
const STORAGE_TYPES = 'local_storage,indexeddb,cache_storage,service_workers,file_systems,websql,shared_storage,storage_buckets';

export class ContextPool {
  /** One context per set of context options (a phone-sized viewport gets its own). */
  private readonly idle = new Map<string, Lent>();
  private readonly lent = new Map<BrowserContext, { key: string; lent: Lent }>();

  /** `keeperPath` is a small document of the portal the keeper page stays on (no script runs there). */
  constructor(private readonly browser: Browser, private readonly keeperPath: string) {}

  /** A clean context with these options, signed out, with `headers` on every request (its own client address). */
  async borrow(options: BrowserContextOptions, headers: Record<string, string>): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    let lent = this.idle.get(key);
    this.idle.delete(key);
    if (!lent || lent.closed) lent = await this.open(options);
    await lent.context.setExtraHTTPHeaders(headers);
    this.lent.set(lent.context, { key, lent });
    return lent.context;
  }

  /** Takes the context back: cleaned for the next journey, or closed when `reuse` is false or cleaning fails. */
  async giveBack(context: BrowserContext, reuse: boolean): Promise<void> {
    const entry = this.lent.get(context);
    this.lent.delete(context);
    if (!entry) return;
    const { key, lent } = entry;
    if (reuse && !lent.closed && !lent.keeper.isClosed()) {
      try {
        await this.clean(lent);
        this.idle.get(key)?.context.close().catch(() => undefined);
        this.idle.set(key, lent);
        return;
      } catch {
        // A context that cannot be cleaned is not lent again.
      }
    }
    // The keeper first: Playwright describes a failed journey by the context's first page.
    await lent.keeper.close().catch(() => undefined);
    await context.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    await Promise.all([...this.idle.values()].map((lent) => lent.context.close().catch(() => undefined)));
    this.idle.clear();
  }

  private async open(options: BrowserContextOptions): Promise<Lent> {
    const context = await this.browser.newContext(options);
    const keeper = await context.newPage();
    await keeper.goto(this.keeperPath);
    const lent: Lent = { context, keeper, cdp: await context.newCDPSession(keeper), origins: new Set(), closed: false };
    context.on('close', () => {
      lent.closed = true;
    });
    context.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') lent.origins.add(origin);
    });
    return lent;
  }

  private async clean(lent: Lent): Promise<void> {
    const { context, keeper, cdp } = lent;
    await Promise.all(context.pages().filter((page) => page !== keeper).map((page) => page.close()));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    for (const origin of lent.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORAGE_TYPES });
    lent.origins.clear();
  }
}
