import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser';
import { startTestProduct, type TestProduct } from './test-product';

export const SCREENSHOTS = 'screenshots';

export interface BrowserProduct {
  product: TestProduct;
  browser: Browser;
}

/**
 * For one describe block of browser tests: starts the whole product (API and both built portals) and a headless
 * Chromium before its tests, and stops both after them. Read the fields inside hooks and tests.
 */
export function useBrowserProduct(): BrowserProduct {
  const handle = {} as BrowserProduct;
  // The API runs in this process: a synchronous stretch in it (an embedded-database query runs on this thread)
  // stalls the browser's messages and every timer. Said when it happens, so a slow test names its cause.
  const stalls = monitorEventLoopDelay({ resolution: 50 });
  beforeAll(async () => {
    stalls.enable();
    mkdirSync(SCREENSHOTS, { recursive: true });
    handle.product = await startTestProduct();
    handle.browser = await launchChromium();
  });
  afterAll(async () => {
    stalls.disable();
    const longestMs = stalls.max / 1e6;
    if (longestMs > 2000) console.log(`[e2e] the event loop stalled for up to ${(longestMs / 1000).toFixed(1)} s during these tests`);
    await handle.browser?.close();
    await handle.product?.dispose();
  });
  return handle;
}

/** Logs in through the admin portal's two steps (username, then password) and waits for the document list. */
export async function logInThroughForm(page: Page, adminUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${adminUrl}/login`);
  await page.getByLabel('Username/Email').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/document/list');
}
