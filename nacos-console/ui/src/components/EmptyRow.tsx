import { Loaded } from '../app/load';

/** The row a table shows when its answer came and held nothing (not while loading, not on an error). */
export function EmptyRow({ loaded, rows, columns, text }: {
  loaded: Loaded<unknown>; rows: unknown[]; columns: number; text: string;
}) {
  if (loaded.loading || loaded.error || rows.length > 0) {
    return null;
  }
  return <tr><td colSpan={columns} className="muted">{text}</td></tr>;
}
