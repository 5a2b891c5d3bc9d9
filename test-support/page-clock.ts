import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The page's own timers (a message that vanishes after some seconds, a redirect 1 second after a save) driven by the
 * test instead of waited for in real time. The context's clock is installed (`context.clock.install()`) before its
 * first page loads; it then runs at real speed, so the screens and their data work as usual, and is paused only
 * around a timed check.
 */

/** Installs Playwright's clock in a context before any of its pages loads; until paused it runs at real speed. */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install();
}

/** The page's time: Date.now() as the page's (installed) clock gives it; it may be ahead of this process's. */
export const pageTime = (page: Page): Promise<number> => page.evaluate(() => Date.now());
const pageNow = pageTime;

/**
 * Lets the page finish what the timers just fired have scheduled: React renders and runs effects in posted-message
 * tasks, which run in order, before this one.
 */
const settle = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

export interface PausedClock {
  /**
   * Moves the page's clock on 1 ms at a time, firing its due timers, until `condition` holds: what the page waits
   * for from the server arrives in real time, and what it then does waits for its timers.
   */
  runUntil(condition: () => Promise<boolean>, what: string): Promise<void>;
  /**
   * For a timer of `ms` the page started after the pause and by now: checks `before` 1 ms before its earliest end,
   * and `after` at its latest; then lets the clock run at real speed again.
   */
  expectTimer(ms: number, before: () => Promise<void>, after: () => Promise<void>): Promise<void>;
}

/** Pauses the page's clock (its context's): its timers fire only as the test moves it on. */
export async function pauseClock(page: Page): Promise<PausedClock> {
  // A little ahead of the page's time, as pauseAt takes a time that is not yet past. Should the call take longer
  // than that, Playwright has paused the clock already and refuses to move it back: pause at its time then.
  try {
    await page.clock.pauseAt((await pageNow(page)) + 250);
  } catch (error) {
    if (!/past/i.test(String(error))) throw error;
    await page.clock.pauseAt(await pageNow(page));
  }
  const pausedAt = await pageNow(page);
  return {
    async runUntil(condition, what) {
      await expect
        .poll(
          async () => {
            await page.clock.runFor(1);
            await settle(page);
            return condition();
          },
          { timeout: 30_000, interval: 20, message: what },
        )
        .toBe(true);
    },
    async expectTimer(ms, before, after) {
      const startedBy = await pageNow(page);
      expect(startedBy - pausedAt, 'the page time the timer took to start').toBeLessThan(ms);
      await page.clock.runFor(pausedAt + ms - 1 - startedBy);
      await settle(page);
      await before();
      await page.clock.runFor(startedBy - pausedAt + 1);
      await settle(page);
      await after();
      await page.clock.resume();
    },
  };
}

/** A step of the paused clock for `stepUntil`: small against every timer a test checks (1 s and more). */
export const CLOCK_STEP_MS = 20;

/**
 * Moves a paused page's clock on, a step at a time, until `done` answers true. While the clock is paused every page
 * timer waits, the zero-delay ones the portal's data layer (TanStack Query) schedules its updates with too: this moves
 * the page's time on by at most a step or two past the moment what the user waits for showed.
 */
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
