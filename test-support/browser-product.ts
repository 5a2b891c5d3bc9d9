import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { arrangeApproverAndCustomer, type Credentials, type Signer } from './document-arrangements';
import { closeContext, launchChromium, type Viewport, viewportContext } from './browser';
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

export interface AuthoringProduct extends BrowserProduct {
  approver: Signer;
  customerId: string;
}

/**
 * `useBrowserProduct` for tests that author documents: before them, an ADMIN approver (`approver`) and a customer
 * `registrar` registered and the approver approved (`arrangeApproverAndCustomer`). Read the fields inside hooks and tests.
 */
export function useAuthoringProduct(registrar: Credentials, approver: Credentials & { firstName?: string; lastName?: string }, customerName: string): AuthoringProduct {
  const handle = useBrowserProduct() as AuthoringProduct;
  beforeAll(async () => {
    Object.assign(handle, await arrangeApproverAndCustomer(handle.product.api, registrar, approver, customerName));
  });
  return handle;
}

/**
 * Pages for the tests of one describe block: `newPage(viewport)` opens one in a browser context of its own, and every
 * context a test opened is closed after it.
 */
export function useBrowserPages(suite: BrowserProduct): (viewport: Viewport) => Promise<Page> {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => closeContext(context)));
  });
  return async (viewport) => {
    const context = await suite.browser.newContext(viewportContext(viewport));
    contexts.push(context);
    return context.newPage();
  };
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
