import type { Locator, Page } from 'playwright-core';

/** What a file's new tab got: the signed link's answer. */
export interface OpenedFile {
  url: string;
  status: number;
  contentType: string;
}

/**
 * Clicks a file's link, which opens a new tab through the download call (GET /document/getDocumentDownload/:id) and
 * points it at the signed link; answers what the tab got, then closes it.
 */
export async function openFileInNewTab(page: Page, link: Locator): Promise<OpenedFile> {
  const context = page.context();
  const [tab, response] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('response', (r) => r.url().includes('/document/file/')),
    link.click(),
  ]);
  const opened = { url: response.url(), status: response.status(), contentType: response.headers()['content-type'] ?? '' };
  await tab.close().catch(() => undefined);
  return opened;
}
