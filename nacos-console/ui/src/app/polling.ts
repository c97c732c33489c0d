import { DependencyList, useEffect } from 'react';

/**
 * Runs {@code read} now and every {@code periodMillis} while the page is open; {@code read} is told
 * whether the page was left meanwhile, so a late answer is dropped.
 */
export function usePolling(read: (left: () => boolean) => Promise<void>, periodMillis: number, deps: DependencyList) {
  useEffect(() => {
    let stopped = false;
    const left = () => stopped;
    read(left);
    const timer = setInterval(() => read(left), periodMillis);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
