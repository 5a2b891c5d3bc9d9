import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOTS } from './browser-product';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run(context: Document, options: object): Promise<AxeResults> };
  }
}

/**
 * axe-core's violations on the page as it is now (once its animations have settled), and a screenshot of what was
 * checked, `screenshots/<prefix>-<viewport>-<state>.png`. Soft: every state of a test is checked.
 */
export async function expectAccessible(page: Page, prefix: string, viewport: { name: string; width: number }, state: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const results = await window.axe!.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
  });
  await page.screenshot({ path: `${SCREENSHOTS}/${prefix}-${viewport.name}-${state}.png`, animations: 'disabled', fullPage: true });
  // The rules' ids in the message itself: a long diff is cut short in a CI log.
  expect.soft(violations, `axe violations on ${state} at ${viewport.width}px (${violations.map((v) => v.split(' ')[0]).join(', ')})`).toEqual([]);
}
