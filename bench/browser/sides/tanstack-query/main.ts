/**
 * first-content, TanStack Query with the per-query persister (`experimental_createQueryPersister` over
 * idb-keyval): a `QueryObserver` of page 1 restores that one query from storage and renders it. Ingest (`?ingest`)
 * fetches each page, `setQueryData` and persists that query.
 */
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { keyvalStorage } from '../keyval.js';
import {
  allPages,
  dbName,
  fetchPage,
  type ListSpec,
  pageKey,
  pool,
  type Row,
  render,
  type SideWindow,
  target,
} from '../shared.js';

const persisterOf = (n: number) => experimental_createQueryPersister({ storage: keyvalStorage(dbName('query', n)) });
const queryKey = (params: Record<string, string>, page: number) => ['discoverTv', pageKey(params, page)];

async function ingest(lists: readonly ListSpec[], n: number): Promise<void> {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
  const persister = persisterOf(n);
  const pages = allPages(lists);
  await pool(pages.length, 8, async (i) => {
    const { params, page } = pages[i] as (typeof pages)[number];
    const key = queryKey(params, page);
    client.setQueryData(key, await fetchPage(params, page));
    await persister.persistQueryByKey(key, client);
  });
  client.clear();
}

const wanted = target();
if (wanted === 'ingest') {
  (window as SideWindow).benchIngest = ingest;
} else {
  const client = new QueryClient();
  const { params } = wanted;
  const observer = new QueryObserver<{ results: Row[] }>(client, {
    queryKey: queryKey(params, 1),
    queryFn: () => fetchPage(params, 1),
    // The experimental persister's function type lags query-core's (optional vs required pageParam).
    persister: persisterOf(wanted.n).persisterFn as never,
    staleTime: Number.POSITIVE_INFINITY,
  });
  let shown = false;
  const show = (data: { results: Row[] } | undefined) => {
    if (shown || !data) return;
    shown = true;
    render(data.results);
  };
  // A listener hears changes only: what the observer already holds (a restored query) is shown first.
  observer.subscribe((result) => show(result.data));
  show(observer.getCurrentResult().data);
}
