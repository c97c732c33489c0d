/** Server-side paging as the pages show it: which page, how many, and the numbers to offer. */
import { t } from './i18n';

export const PAGE_SIZES = [10, 20, 50, 100];

export interface Paging {
  pageNo: number;
  pageSize: number;
}

/**
 * Reads paging from the URL, keeping it inside what the server accepts. A page with two paged
 * tables gives the second its own {@code prefix} ({@code subPageNo}, {@code subPageSize}).
 */
export function pagingFrom(search: URLSearchParams, defaultSize = 20, prefix = ''): Paging {
  const size = Number(search.get(pageKeys(prefix).size));
  const page = Number(search.get(pageKeys(prefix).page));
  return {
    pageSize: PAGE_SIZES.includes(size) ? size : defaultSize,
    pageNo: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function pageKeys(prefix: string): { page: string; size: string } {
  return prefix ? { page: `${prefix}PageNo`, size: `${prefix}PageSize` } : { page: 'pageNo', size: 'pageSize' };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * The page numbers to offer: the first, the last, and up to two on each side of the current one,
 * with null where numbers are left out (shown as an ellipsis).
 */
export function pageLinks(current: number, pages: number): Array<number | null> {
  const wanted = new Set([1, pages]);
  for (let page = current - 2; page <= current + 2; page++) {
    if (page >= 1 && page <= pages) {
      wanted.add(page);
    }
  }
  const sorted = [...wanted].sort((a, b) => a - b);
  const links: Array<number | null> = [];
  sorted.forEach((page, i) => {
    if (i > 0 && page - sorted[i - 1] > 1) {
      links.push(null);
    }
    links.push(page);
  });
  return links;
}

/** "21-40 of 10,000" */
export function rangeText(paging: Paging, total: number): string {
  if (total === 0) {
    return t('pager.none');
  }
  const first = (paging.pageNo - 1) * paging.pageSize + 1;
  const last = Math.min(total, paging.pageNo * paging.pageSize);
  return t('pager.range', { first: first.toLocaleString('en'), last: last.toLocaleString('en'),
    total: total.toLocaleString('en') });
}
