import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZES, pageCount, pageKeys, pageLinks, Paging, rangeText } from '../paging';
import { t } from '../i18n';

/** Page links and size; both live in the URL, so the back button and shared links keep them. */
export function Pager({ paging, total, prefix = '' }: { paging: Paging; total: number; prefix?: string }) {
  const [search, setSearch] = useSearchParams();
  const pages = pageCount(total, paging.pageSize);
  const keys = pageKeys(prefix);
  const go = (changes: { pageNo?: number; pageSize?: number }) => {
    const next = new URLSearchParams(search);
    if (changes.pageNo !== undefined) {
      next.set(keys.page, String(changes.pageNo));
    }
    if (changes.pageSize !== undefined) {
      next.set(keys.size, String(changes.pageSize));
    }
    setSearch(next);
  };
  return (
    <div className="pager" data-testid={prefix ? `${prefix} pager` : 'pager'}>
      <span className="muted">{rangeText(paging, total)}</span>
      <span className="pages">
        <button type="button" disabled={paging.pageNo <= 1} onClick={() => go({ pageNo: paging.pageNo - 1 })}>‹</button>
        {pageLinks(paging.pageNo, pages).map((page, i) => page === null
          ? <span key={`gap${i}`} className="muted">…</span>
          : (
            <button type="button" key={page} className={page === paging.pageNo ? 'current' : ''}
              aria-current={page === paging.pageNo ? 'page' : undefined} onClick={() => go({ pageNo: page })}>
              {page}
            </button>
          ))}
        <button type="button" disabled={paging.pageNo >= pages} onClick={() => go({ pageNo: paging.pageNo + 1 })}>›</button>
      </span>
      <select aria-label="page size" value={paging.pageSize}
        onChange={(event) => go({ pageSize: Number(event.target.value), pageNo: 1 })}>
        {PAGE_SIZES.map((size) => <option key={size} value={size}>{t('pager.perPage', { size })}</option>)}
      </select>
    </div>
  );
}
