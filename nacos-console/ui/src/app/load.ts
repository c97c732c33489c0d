import { DependencyList, useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Runs {@code load} whenever a dependency changes and keeps its latest answer or error; an
 * answer that comes after a newer request was made is dropped, so a slow page never overwrites a
 * fast one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    let current = true;
    setLoading(true);
    run().then((value) => {
      if (current) {
        setData(value);
        setError(null);
      }
    }, (failure: Error) => {
      if (current) {
        setError(failure.message || String(failure));
      }
    }).finally(() => {
      if (current) {
        setLoading(false);
      }
    });
    return () => {
      current = false;
    };
  }, [run, version]);
  return { data, error, loading, reload: () => setVersion((v) => v + 1) };
}
