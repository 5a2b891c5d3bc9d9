import { useEffect, useRef } from 'react';

import { STORAGE_PREFIX } from './app-state';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** Shared between tabs so that activity in one tab keeps the others' sessions alive. */
const LAST_ACTIVITY_KEY = `${STORAGE_PREFIX}last-activity`;
const SHARE_EVERY_MS = 5_000;

const readShared = (): number => {
  try {
    return Number(window.localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
};

const writeShared = (at: number) => {
  try {
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Storage disabled: this tab's own timer still applies.
  }
};

/**
 * Calls `onTimeout` once the user has been inactive (no mouse, key, touch or scroll,
 * in this tab or another one of this app) for `timeoutMs`.
 */
export const useInactivityTimeout = ({
  enabled,
  timeoutMs,
  onTimeout,
}: {
  enabled: boolean;
  timeoutMs: number;
  onTimeout: () => void;
}) => {
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    if (!enabled) return undefined;

    let lastActivity = Date.now();
    let lastShared = lastActivity;
    writeShared(lastActivity);
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = () => {
      const latest = Math.max(lastActivity, readShared());
      const remaining = latest + timeoutMs - Date.now();
      if (remaining <= 0) onTimeoutRef.current();
      else timer = setTimeout(check, remaining);
    };

    const onActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastShared >= SHARE_EVERY_MS) {
        lastShared = lastActivity;
        writeShared(lastActivity);
      }
    };

    timer = setTimeout(check, timeoutMs);
    const listenerOptions = { capture: true, passive: true } as const;
    ACTIVITY_EVENTS.forEach((type) => window.addEventListener(type, onActivity, listenerOptions));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((type) => window.removeEventListener(type, onActivity, listenerOptions));
    };
  }, [enabled, timeoutMs]);
};
