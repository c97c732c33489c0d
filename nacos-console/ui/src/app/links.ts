/**
 * Every console URL carries the namespace it shows ({@code ?namespace=}), so a shared link opens
 * the same namespace; these build such links.
 */
import { useSearchParams } from 'react-router-dom';

export function useNamespace(): string {
  const [search] = useSearchParams();
  return search.get('namespace') ?? '';
}

export function link(path: string, namespace: string, params: Record<string, string | number | undefined> = {}): string {
  const query = new URLSearchParams();
  if (namespace) {
    query.set('namespace', namespace);
  }
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      query.set(key, String(value));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The URL parameters of a search form: the namespace, then each named field that is filled in. */
export function searchOf(form: HTMLFormElement, namespace: string, keys: readonly string[]): URLSearchParams {
  const values = new FormData(form);
  const next = new URLSearchParams();
  if (namespace) {
    next.set('namespace', namespace);
  }
  keys.forEach((key) => {
    const value = String(values.get(key) ?? '').trim();
    if (value) {
      next.set(key, value);
    }
  });
  return next;
}
