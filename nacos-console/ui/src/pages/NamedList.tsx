import { FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../app/session';
import { useLoad } from '../app/load';
import { searchOf, useNamespace } from '../app/links';
import { pagingFrom } from '../paging';
import { NacosApi, Page } from '../api/nacos';
import { t } from '../i18n';

/**
 * What the MCP server and agent lists share: the part of a name searched for and the page, both in
 * the URL, and removing an entry after the user confirms, with a notice or the server's reason.
 */
export function useNamedList<T>(load: (api: NacosApi, namespace: string, name: string, pageNo: number,
  pageSize: number) => Promise<Page<T>>) {
  const { api } = useSession();
  const namespace = useNamespace();
  const [search, setSearch] = useSearchParams();
  const paging = pagingFrom(search);
  const name = search.get('name') ?? '';
  const list = useLoad(() => load(api, namespace, name, paging.pageNo, paging.pageSize),
    [api, namespace, name, paging.pageNo, paging.pageSize]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(searchOf(event.currentTarget, namespace, ['name']));
  };
  const remove = async (shownName: string, question: string, work: () => Promise<unknown>) => {
    if (!window.confirm(question)) {
      return;
    }
    try {
      await work();
      setNotice(t('configs.deleted', { what: shownName }));
      list.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return { api, namespace, name, paging, list, rows: list.data?.pageItems ?? [], error, notice, find, remove };
}

/**
 * What the MCP server and agent detail pages share: the entry's name and the version shown (none:
 * the latest), both in the URL; {@code choose(null)} goes back to the latest.
 */
export function useChosenVersion() {
  const [search, setSearch] = useSearchParams();
  const choose = (version: string | null) => {
    const next = new URLSearchParams(search);
    if (version) {
      next.set('version', version);
    } else {
      next.delete('version');
    }
    setSearch(next);
  };
  return { name: search.get('name') ?? '', version: search.get('version') ?? '', choose };
}

/** A row's links: to the entry's details, and its removal. */
export function RowActions({ detail, onDelete }: { detail: string; onDelete: () => void }) {
  return (
    <td className="actions">
      <Link to={detail}>{t('services.details')}</Link>
      <button type="button" className="link danger" onClick={onDelete}>{t('common.delete')}</button>
    </td>
  );
}

/** The search box of a named list. */
export function NameSearch({ ariaLabel, name, onSubmit }: {
  ariaLabel: string; name: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className="search" onSubmit={onSubmit}>
      <input name="name" aria-label={ariaLabel} placeholder={t('mcp.name')} defaultValue={name} />
      <button type="submit">{t('common.search')}</button>
    </form>
  );
}
