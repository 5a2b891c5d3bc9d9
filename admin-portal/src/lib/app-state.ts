import { Role } from '@ifu/contracts';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * Application state, kept in local storage and written on every change (spec §4, Session).
 * Every key this app writes starts with STORAGE_PREFIX, so clearing the state clears them all.
 */
export const STORAGE_PREFIX = 'ifu-admin:';
const STATE_KEY = `${STORAGE_PREFIX}state`;

export const Session = z.object({
  token: z.string().min(1),
  role: Role,
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** False while the account's training is not recorded as completed (it cannot sign); absent = unknown. */
  isTrainingCompleted: z.boolean().optional(),
  /** An ADMIN without a second factor; the session works only for setting one up until then. */
  secondFactorRequired: z.boolean().optional(),
});
export type Session = z.infer<typeof Session>;

const AppState = z.object({ session: Session.nullable() });
export type AppState = z.infer<typeof AppState>;

const EMPTY_STATE: AppState = { session: null };

const read = (): AppState => {
  try {
    const raw = window.localStorage.getItem(STATE_KEY);
    if (!raw) return EMPTY_STATE;
    const parsed = AppState.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_STATE;
  } catch {
    return EMPTY_STATE;
  }
};

// Read on first use, not while the module loads: a page's first localStorage access can take tens of
// milliseconds (the browser opens the storage on disk); main.tsx makes it in a task of its own.
let state: AppState | undefined;
const currentState = (): AppState => (state ??= read());
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getAppState = (): AppState => currentState();

export const setAppState = (update: Partial<AppState> | ((current: AppState) => AppState)) => {
  state = typeof update === 'function' ? update(currentState()) : { ...currentState(), ...update };
  try {
    window.localStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the in-memory state still works for this tab.
  }
  emit();
};

/** Removes every key of this app from local storage and resets the in-memory state. */
export const clearAppState = () => {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => window.localStorage.removeItem(key));
  } catch {
    // Storage disabled: nothing stored.
  }
  state = EMPTY_STATE;
  emit();
};

// Another tab logged in or out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== STATE_KEY && event.key !== null) return;
  state = read();
  emit();
});

export const useAppState = <T>(selector: (current: AppState) => T): T =>
  useSyncExternalStore(subscribe, () => selector(currentState()));

export const getSession = (): Session | null => currentState().session;
export const useSession = (): Session | null => useAppState((current) => current.session);

export const setSession = (session: Session) => setAppState({ session });

/** 'firstName lastName', or 'My Account' when the name is absent (spec §2.2). */
export const accountName = (session: Pick<Session, 'firstName' | 'lastName'> | null): string =>
  [session?.firstName, session?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ') || 'My Account';
