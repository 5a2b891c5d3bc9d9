import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The page's own timers driven through Playwright's clock (`page.clock.install()` before the page loads), so that a
 * test checks what a timer does on both sides of it instead of waiting for it in real time.
 *
 * While the clock is paused every page timer waits, including the zero-delay ones the portal's data layer
 * (TanStack Query) schedules its updates with: a paused page is moved on in small steps until what the user waits
 * for shows (`stepUntil`), which moves its time on by at most a step or two past the moment it happened.
 */

/** The page's `Date.now()`: its clock may be ahead of this process's after a fast-forward. */
export const pageTime = (page: Page): Promise<number> => page.evaluate(() => Date.now());

/**
 * Pauses the page's clock half a second ahead of where it is (firing what falls due by then). Pausing at a time the
 * running clock has already passed is refused ("Cannot fast-forward to the past"): on a busy machine the call can
 * arrive that late, and it is then made again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.clock.pauseAt((await pageTime(page)) + 500);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** A step of the paused clock: small against every timer a test checks (1 s and more). */
export const CLOCK_STEP_MS = 20;

/** Moves a paused page's clock on, a step at a time, until `done` answers true. */
export async function stepUntil(page: Page, done: () => Promise<boolean>, timeout = 15_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.runFor(CLOCK_STEP_MS);
        return done();
      },
      { timeout, interval: 50 },
    )
    .toBe(true);
}
