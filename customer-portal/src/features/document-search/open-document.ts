/**
 * Opens a document whose address must first be asked for. The tab opens at once, inside the click (a popup blocker
 * allows only that), and goes to the address when it arrives; without a tab (window.open refused) the page itself
 * goes there. Returns false, closing the empty tab, when there is no address.
 */
export async function openInNewTab(address: () => Promise<string | undefined>): Promise<boolean> {
  const tab = window.open('', '_blank');
  const url = await address();
  if (url === undefined) {
    tab?.close();
    return false;
  }
  if (tab === null) {
    window.location.assign(url);
  } else {
    // The document's tab must not reach back into the portal (reverse tabnabbing).
    tab.opener = null;
    tab.location.href = url;
  }
  return true;
}
