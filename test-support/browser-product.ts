import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { arrangeApproverAndCustomer, type Credentials, type Signer } from './document-arrangements';
import { closeContext, launchChromium, type Viewport, viewportContext } from './browser';
import { apiTimeAt, codeAt, enrolOnce, type HeldFactor, nextCode, timeStepOf } from './second-factor';
import { startTestProduct, type TestProduct } from './test-product';

export const SCREENSHOTS = 'screenshots';

export interface BrowserProduct {
  product: TestProduct;
  browser: Browser;
}

/**
 * One headless Chromium per test worker, shared by the files it runs (each test opens contexts of its own, which keep
 * nothing from another's): starting one costs a second or more on a busy 2-core machine. Playwright closes it when
 * the worker exits.
 */
let workerChromium: Promise<Browser> | undefined;
function sharedChromium(): Promise<Browser> {
  const current = workerChromium;
  if (current) {
    return current.then((browser) => {
      if (browser.isConnected()) return browser;
      workerChromium = undefined;
      return sharedChromium();
    });
  }
  workerChromium = launchChromium();
  workerChromium.catch(() => (workerChromium = undefined));
  return workerChromium;
}

/**
 * For one describe block of browser tests: starts the whole product (API and both built portals) before its tests,
 * with the worker's Chromium, and stops the product after them (the contexts it opened close with each test).
 * Read the fields inside hooks and tests.
 */
export function useBrowserProduct(env: Record<string, string> = {}): BrowserProduct {
  const handle = {} as BrowserProduct;
  // The API runs in this process: a synchronous stretch in it (an embedded-database query runs on this thread)
  // stalls the browser's messages and every timer. Said when it happens, so a slow test names its cause.
  const stalls = monitorEventLoopDelay({ resolution: 50 });
  beforeAll(async () => {
    stalls.enable();
    mkdirSync(SCREENSHOTS, { recursive: true });
    handle.product = await startTestProduct(env);
    handle.browser = await sharedChromium();
  });
  afterAll(async () => {
    stalls.disable();
    const longestMs = stalls.max / 1e6;
    if (longestMs > 2000) console.log(`[e2e] the event loop stalled for up to ${(longestMs / 1000).toFixed(1)} s during these tests`);
    // Contexts a test left open (its page closed) would keep this file's product busy in the shared browser.
    await Promise.all((handle.browser?.contexts() ?? []).map((context) => closeContext(context)));
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

/**
 * Logs in through the admin portal's two steps (username, then password) and waits for My tasks, the first screen. With a
 * second factor the code step follows, with the code the helpers compute; an ADMIN without one is sent to
 * its set-up, which this does through the screen (the secret read from it) and remembers for later logins.
 */
export async function logInThroughForm(page: Page, adminUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${adminUrl}/login`);
  await page.getByLabel('Username/Email').fill(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await submitPassword(page, email);
}

/** The admin portal's stored state (its session) after an account's first login through the form, by API and address. */
const storedSessions = new Map<string, string>();
const ADMIN_STATE_KEY = 'ifu-admin:state';

/**
 * For tests whose subject is not the login: the first login of an account on a product goes through the form (and an
 * ADMIN's second factor); later ones put that session into the new page's portal, as a reload would find it, while
 * the server still takes it (not revoked, not idle). An ADMIN's every form login costs a code step, and the product
 * takes each code once.
 */
export async function logInReusingSession(page: Page, product: TestProduct, email: string, password: string): Promise<void> {
  const key = `${product.api.url} ${email.trim().toLowerCase()}`;
  const saved = storedSessions.get(key);
  const token = saved ? (JSON.parse(saved) as { session?: { token?: string } }).session?.token : undefined;
  if (saved && token && (await product.api.call('GET', '/user/me', { token })).status === 200) {
    await page.goto(`${product.adminUrl}/login`);
    await page.evaluate(([name, state]) => window.localStorage.setItem(name, state), [ADMIN_STATE_KEY, saved] as const);
    await page.goto(`${product.adminUrl}/document/list`);
    await page.waitForURL('**/document/list');
    return;
  }
  await logInThroughForm(page, product.adminUrl, email, password);
  const state = await page.evaluate((name) => window.localStorage.getItem(name), ADMIN_STATE_KEY);
  if (state) storedSessions.set(key, state);
  // Either way the test goes on from the document list, where the journeys that use this begin.
  await page.goto(`${product.adminUrl}/document/list`);
  await page.waitForURL('**/document/list');
}

/**
 * Submits the password step (its password typed) and goes on to My tasks, the first screen: through the code step when the
 * account has a second factor, through its set-up when an ADMIN has none yet.
 */
export async function submitPassword(page: Page, email: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/user/get/token') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await answered;
  const apiBase = new URL(response.url()).origin;
  const body = (await response.json().catch(() => ({}))) as { secondFactorRequired?: boolean; secondFactorEnrolmentRequired?: boolean };
  if (body.secondFactorRequired) await enterSecondFactorCode(page, apiBase, email);
  else if (body.secondFactorEnrolmentRequired) await enrolThroughScreen(page, apiBase, email);
  await page.waitForURL('**/tasks');
}

/**
 * The login's code step: the next code of the factor the helpers hold for `email`. Six digits are sent as typed; a
 * recovery code (what the helpers give once this 30 s's codes are used up) needs Verify.
 */
export async function enterSecondFactorCode(page: Page, apiBase: string, email: string): Promise<void> {
  const code = await nextCode(apiBase, email);
  await page.getByLabel('Authentication code').fill(code);
  if (!isAppCode(code)) await page.getByRole('button', { name: 'Verify' }).click();
}

/** Six digits: a code from the authenticator app, which the code step sends as soon as it is typed. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code);

/** Sets up the second factor on its screen, as a person with an authenticator app does: the secret read from the screen. */
export async function enrolThroughScreen(page: Page, apiBase: string, email: string): Promise<HeldFactor> {
  await page.waitForURL((url) => url.pathname === '/second-factor');
  return enrolOnce(
    apiBase,
    email,
    async () => {
      await page.getByRole('button', { name: 'Set up second factor' }).click();
      const secret = ((await page.getByTestId('second-factor-secret').textContent()) ?? '').replace(/\s/g, '');
      // At the API's clock: an in-process API's may have been moved on past codes used up (second-factor.ts).
      const step = timeStepOf(apiTimeAt(apiBase));
      await page.getByLabel('Code from the app').fill(await codeAt(secret, step));
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByTestId('recovery-code-list').waitFor();
      const recoveryCodes = await page.getByTestId('recovery-code-list').locator('li').allTextContents();
      await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
      return { secret, recoveryCodes, lastStep: step };
    },
    { again: true },
  );
}
