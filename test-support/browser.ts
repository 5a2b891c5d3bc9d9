import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can. CI installs Chromium, so there they always run. */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  return `Chromium not found at ${CHROMIUM_PATH} (install it with: apt-get install -y chromium)`;
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
