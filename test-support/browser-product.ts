import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
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
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    handle.product = await startTestProduct();
    handle.browser = await launchChromium();
  });
  afterAll(async () => {
    await handle.browser?.close();
    await handle.product?.dispose();
  });
  return handle;
}
