import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './support';

/** WCAG 2.1 A and AA, the level the portal promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe's structural advice (one main, an h1, named landmarks, heading order): failing unless minor. */
const ADVICE_TAGS = ['best-practice'];
/**
 * What fails the run; minor findings are printed for the next round of work. Moderate ones fail
 * too since the last of them (headings skipping from h1 to h4 on /safe and /device) were mended.
 */
const BLOCKING = new Set(['critical', 'serious', 'moderate']);

/** Runs axe on what the page shows now (`where` names it in the report); findings above minor fail the test softly, so every page of a run is reported. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Only violations are read: collecting every passing node too cost axe ~15 % more per page.
  const { violations } = await new AxeBuilder({ page }).withTags([...WCAG_TAGS, ...ADVICE_TAGS]).options({ resultTypes: ['violations'] }).analyze();
  for (const v of violations.filter((x) => !BLOCKING.has(x.impact ?? ''))) {
    console.log(`[axe ${v.impact}] ${where}: ${v.id} ×${v.nodes.length} — ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
  }
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
  expect.soft(blocking, `axe violations above minor on ${where}`).toEqual([]);
}

/**
 * Waits until nothing is loading or moving: a half-faded element would be measured wrongly. A
 * toast is waited out too: it stands still for seconds and then fades, and a scan that began
 * while it stood could meet it half-faded.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-message-notice')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}
