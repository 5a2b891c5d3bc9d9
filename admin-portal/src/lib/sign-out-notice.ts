import { SESSION_INACTIVITY_MS } from '@ifu/contracts';

import { STORAGE_PREFIX } from './app-state';

/**
 * Why the app signed the user out, kept for the login page the reload leads to. In the tab's session storage (not the
 * local storage the sign-out clears): it survives the reload, and another tab does not show it.
 */
const NOTICE_KEY = `${STORAGE_PREFIX}signed-out-because`;

/** What the login page says after an idle sign-out (spec §9: 600000 ms without activity). */
export const INACTIVITY_NOTICE = `You were signed out after ${Math.round(SESSION_INACTIVITY_MS / 60_000)} minutes without activity. Sign in again to continue.`;

export const rememberSignOutNotice = (text: string) => {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, text);
  } catch {
    // Storage disabled: the login page says nothing, as before.
  }
};

/** The notice left by the last sign-out, if any (the login page shows it, then forgets it: `forgetSignOutNotice`). */
export const signOutNotice = (): string | undefined => {
  try {
    return window.sessionStorage.getItem(NOTICE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

export const forgetSignOutNotice = () => {
  try {
    window.sessionStorage.removeItem(NOTICE_KEY);
  } catch {
    // Storage disabled: nothing kept.
  }
};
