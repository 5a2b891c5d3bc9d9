import { useCallback, useEffect, useMemo, useRef } from 'react';

export type Timers = {
  /** Runs `fn` after `ms` unless cleared first or the component unmounts. */
  after: (ms: number, fn: () => void) => void;
  /** Cancels every pending timer. */
  clearAll: () => void;
};

/** Timers owned by a component: messages that vanish, redirects that wait. All are cancelled on unmount. */
export const useTimers = (): Timers => {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());

  const clearAll = useCallback(() => {
    pending.current.forEach((timer) => clearTimeout(timer));
    pending.current.clear();
  }, []);

  const after = useCallback((ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      pending.current.delete(timer);
      fn();
    }, ms);
    pending.current.add(timer);
  }, []);

  useEffect(() => clearAll, [clearAll]);

  return useMemo(() => ({ after, clearAll }), [after, clearAll]);
};
