import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { PORTALS } from '../scripts/portal-server';
import { closeContext } from '../test-support/browser';
import { useBrowserProduct } from '../test-support/browser-product';
import type { TestProduct } from '../test-support/test-product';
import { skipUnless } from '../test-support/machine-needs';

/** Budgets in kB of 1000 bytes (the stricter reading; Vite's unit too), gzip at zlib's default level. */
const KB = 1000;
const BUDGET = { adminLogin: 250 * KB, customerFirstPage: 85 * KB };

type LoadedScript = { path: string; raw: number; gzip: number; transferred: number; encoding: string; code: string };

/**
 * Loads `url` in a fresh page as a visitor would and records every JavaScript file the page fetched until the
 * network is idle: the entry, its modulepreloads and the lazy chunks the route pulls in.
 */
async function loadScripts(expect: ExpectStatic, browser: Browser, url: string, ready: (page: Page) => Promise<void>, locale?: string): Promise<LoadedScript[]> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...(locale ? { locale } : {}) });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().method() === 'GET' && (/javascript/.test(type) || /\.m?js(\?|$)/.test(response.url()))) responses.push(response);
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    const scripts: LoadedScript[] = [];
    for (const response of responses) {
      expect(response.status()).toBe(200);
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({
        path: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body).length,
        transferred: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
        code: body.toString('utf8'),
      });
    }
    return scripts;
  } finally {
    await closeContext(context);
  }
}

/** The scripts index.html names itself: the entry and its modulepreloads. */
function htmlScripts(portal: keyof typeof PORTALS): string[] {
  const html = readFileSync(join(PORTALS[portal], 'dist', 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
  return [...scripts, ...preloads];
}

/** The portal server compresses what it sends (files under its 1 KiB threshold excepted). */
const uncompressed = (scripts: LoadedScript[]) =>
  scripts.filter((script) => script.raw >= 1024 && !['br', 'gzip'].includes(script.encoding)).map((script) => script.path);

function report(title: string, scripts: LoadedScript[], budget: number) {
  const sum = (key: 'raw' | 'gzip' | 'transferred') => scripts.reduce((total, script) => total + script[key], 0);
  const lines = [...scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `  ${s.path.padEnd(48)} ${String(s.raw).padStart(8)} raw ${String(s.gzip).padStart(7)} gzip ${String(s.transferred).padStart(7)} sent (${s.encoding})`);
  console.log(
    [
      `[bundle-size] ${title}: ${scripts.length} JS files, ${(sum('raw') / KB).toFixed(1)} kB raw, ` +
        `${(sum('gzip') / KB).toFixed(1)} kB gzip (${(sum('gzip') / 1024).toFixed(1)} KiB), ` +
        `${(sum('transferred') / KB).toFixed(1)} kB sent; budget ${(budget / KB).toFixed(0)} kB gzip`,
      ...lines,
    ].join('\n'),
  );
  return sum('gzip');
}

// The three first visits run at once, each in a fresh browser context of its own: what a page loads does not depend on
// the others, and most of each is waiting for the network to fall idle. Concurrent tests check with their own `expect`.
describe.skipIf(skipUnless(['chromium'])).concurrent('JavaScript a first visit loads, built portals served by portal-server', () => {
  let product: TestProduct;
  let browser: Browser;
  const suite = useBrowserProduct();
  beforeAll(() => {
    ({ product, browser } = suite);
  });

  it(`admin /login loads at most ${BUDGET.adminLogin / KB} kB of JavaScript gzipped, without the data grid or date pickers`, async ({ expect }) => {
    const scripts = await loadScripts(expect, browser, `${product.adminUrl}/login`, async (page) => {
      await page.getByLabel('Username/Email').waitFor();
    });
    const loaded = scripts.map((script) => script.path);
    // What index.html names is part of the measure (a sanity check that the page listener saw it all).
    expect(loaded).toEqual(expect.arrayContaining(htmlScripts('admin')));
    const gzip = report('admin /login', scripts, BUDGET.adminLogin);
    // MUI X stays on the screens that use it.
    for (const marker of ['MuiDataGrid', 'MuiDateCalendar', 'MuiPickersLayout']) {
      expect(scripts.filter((script) => script.code.includes(marker)).map((script) => script.path), marker).toEqual([]);
    }
    expect(gzip).toBeLessThanOrEqual(BUDGET.adminLogin);
    expect(uncompressed(scripts)).toEqual([]);
  });

  it(`the customer portal's first page loads at most ${BUDGET.customerFirstPage / KB} kB of JavaScript gzipped`, async ({ expect }) => {
    const scripts = await loadScripts(expect, browser, `${product.customerUrl}/docSearch/Acme%20Medical`, async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    expect(scripts.map((script) => script.path)).toEqual(expect.arrayContaining(htmlScripts('customer')));
    const gzip = report('customer /docSearch/{name}', scripts, BUDGET.customerFirstPage);
    expect(gzip).toBeLessThanOrEqual(BUDGET.customerFirstPage);
    expect(uncompressed(scripts)).toEqual([]);
  });

  it(`in German, the first page loads the German catalogue and no other, still within ${BUDGET.customerFirstPage / KB} kB gzipped`, async ({ expect }) => {
    const scripts = await loadScripts(
      expect,
      browser,
      `${product.customerUrl}/docSearch/Acme%20Medical`,
      async (page) => {
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('de');
      },
      'de-DE',
    );
    const catalogues = scripts.map((script) => script.path).filter((path) => /\/(de|fr|es|it)-[\w-]+\.js$/.test(path));
    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).toMatch(/\/de-[\w-]+\.js$/);
    const gzip = report('customer /docSearch/{name}, German', scripts, BUDGET.customerFirstPage);
    expect(gzip).toBeLessThanOrEqual(BUDGET.customerFirstPage);
  });
});
