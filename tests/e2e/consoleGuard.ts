import type { Browser, BrowserContext, ConsoleMessage, Page, Response } from '@playwright/test';

/**
 * Every journey keeps the browser console clean: a console error, an uncaught
 * exception or a 4xx/5xx answer of the portal's own origin fails the test, unless the test
 * declared it (expectRefusals). Expected business refusals answer 200 with their code in the
 * envelope, so a 4xx in the browser is either a test that means it (a deliberate 403) or a bug.
 * Calls a test makes itself through page.request / request are not browser traffic: not checked.
 */

interface Refusal {
  status: number;
  url?: RegExp;
}

interface Guard {
  problems: string[];
  refusals: Refusal[];
  consoleErrors: RegExp[];
}

const guards = new WeakMap<BrowserContext, Guard>();
const RESOURCE_STATUS = /^Failed to load resource: the server responded with a status of (\d{3})/;

function expected(guard: Guard, status: number, url: string): boolean {
  return guard.refusals.some((refusal) => refusal.status === status && (!refusal.url || refusal.url.test(url)));
}

/**
 * Starts watching a browser context and every page it opens, for one journey: a context lent
 * to the next journey (tests/e2e/contextPool.ts) gets a new guard, and `stop` removes the
 * listeners of this one.
 */
export function watchContext(context: BrowserContext, origin: string): { guard: Guard; stop: () => void } {
  const guard: Guard = { problems: [], refusals: [], consoleErrors: [] };
  guards.set(context, guard);
  const own = (url: string) => url.startsWith(`${origin}/`) || url === origin;
  const onConsole = (page: Page) => (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const url = message.location().url;
    // The browser logs each failed answer too; the portal's own are judged by their status below.
    if (RESOURCE_STATUS.test(text) && own(url)) return;
    if (guard.consoleErrors.some((pattern) => pattern.test(text))) return;
    guard.problems.push(`console error on ${page.url()}: ${text}${url ? ` (${url})` : ''}`);
  };
  const onError = (page: Page) => (error: Error) => guard.problems.push(`uncaught ${error.name} on ${page.url()}: ${error.message}`);
  const onResponse = (page: Page) => (response: Response) => {
    const url = response.url();
    const status = response.status();
    if (status < 400 || !own(url) || expected(guard, status, url)) return;
    guard.problems.push(`${status} ${response.request().method()} ${url.slice(origin.length)} (on ${page.url()})`);
  };
  const unwatch: (() => void)[] = [];
  const watchPage = (page: Page) => {
    const listeners = { console: onConsole(page), pageerror: onError(page), response: onResponse(page) };
    page.on('console', listeners.console);
    page.on('pageerror', listeners.pageerror);
    page.on('response', listeners.response);
    unwatch.push(() => {
      page.off('console', listeners.console);
      page.off('pageerror', listeners.pageerror);
      page.off('response', listeners.response);
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return {
    guard,
    stop: () => {
      context.off('page', watchPage);
      unwatch.forEach((off) => off());
      if (guards.get(context) === guard) guards.delete(context);
    },
  };
}

function guardOf(target: Page | BrowserContext): Guard {
  const context = 'context' in target ? target.context() : target;
  const guard = guards.get(context);
  if (!guard) throw new Error('this browser context is not watched: open it with the test’s browser fixture');
  return guard;
}

/**
 * Declares the 4xx/5xx answers a journey expects from the portal in this page's context, e.g.
 * `expectRefusals(page, [403])` for the deliberate refusal of a page the user may not see, or
 * `expectRefusals(page, [401], /\/user\/v1\//)` for calls that race a sign-out.
 */
export function expectRefusals(target: Page | BrowserContext, statuses: number[], url?: RegExp): void {
  guardOf(target).refusals.push(...statuses.map((status) => ({ status, url })));
}

/** Declares console errors a journey provokes on purpose (matched against the message text). */
export function expectConsoleErrors(target: Page | BrowserContext, ...patterns: RegExp[]): void {
  guardOf(target).consoleErrors.push(...patterns);
}

/**
 * Watches the test's own context and any context or page the test opens from the browser, for
 * the length of one test. Returns what went wrong, read after the test.
 */
export function watchTest(browser: Browser, context: BrowserContext, origin: string): { problems: () => string[]; stop: () => void } {
  const watched = [watchContext(context, origin)];
  const newContext = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const opened = await newContext.apply(browser, args);
    watched.push(watchContext(opened, origin));
    return opened;
  };
  return {
    problems: () => watched.flatMap(({ guard }) => guard.problems),
    stop: () => {
      browser.newContext = newContext;
      watched.forEach((watch) => watch.stop());
    },
  };
}
