import { missing } from './machine-needs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can (machine-needs.ts). */
export function browserSkipReason(): string | undefined {
  return missing('chromium');
}

/** A browser window's size, named for the test titles. */
export interface Viewport {
  readonly name: string;
  readonly width: number;
  readonly height: number;
}

/** A desktop width and a phone's: the staff screens' two widths. */
export const DESKTOP_AND_PHONE = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const satisfies readonly Viewport[];

/** A desktop width and a small phone's: the customer portal (its visitors are often on one) and the notices. */
export const DESKTOP_AND_SMALL_PHONE = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const satisfies readonly Viewport[];

/** A context of that size; under 600 px it is a phone: touch, and the mobile viewport meta honoured. */
export function viewportContext(viewport: { width: number; height: number }): BrowserContextOptions {
  const phone = viewport.width < 600;
  return { viewport: { width: viewport.width, height: viewport.height }, ...(phone ? { isMobile: true, hasTouch: true } : {}) };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Closes a browser context, waiting at most `ms`. Chromium now and then never answers the call that disposes of a
 * context (`Target.disposeBrowserContext`), and Playwright's close() has no timeout: a test then hung until its own
 * timeout (it happened twice in full runs, at the close of a context whose session had just been revoked). A context
 * left open is released when the browser closes after the file.
 */
export async function closeContext(context: BrowserContext, ms = 5000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => {
    timer = setTimeout(() => resolve('gave up'), ms);
  });
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), gaveUp]);
  clearTimeout(timer);
  if (outcome === 'gave up') console.log(`[e2e] a browser context did not close within ${ms} ms; the browser's close releases it`);
}
