/**
 * first-content, TanStack Query with the whole-client persister (`createAsyncStoragePersister` over idb-keyval):
 * `persistQueryClientRestore` reads, parses and hydrates every query, then a `QueryObserver` of page 1 renders it.
 * Ingest (`?ingest`) fetches each page into the client and saves the client once.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/query-persist-client-core';
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

const queryKey = (params: Record<string, string>, page: number) => ['discoverTv', pageKey(params, page)];
/** Restored queries are kept as long as the persister keeps them (TanStack's advice: gcTime ≥ maxAge). */
const newClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: 86_400_000 } } });

async function ingest(lists: readonly ListSpec[], n: number): Promise<void> {
  const client = newClient();
  const pages = allPages(lists);
  await pool(pages.length, 8, async (i) => {
    const { params, page } = pages[i] as (typeof pages)[number];
    client.setQueryData(queryKey(params, page), await fetchPage(params, page));
  });
  // The persister writes after a throttle, once `persistQueryClientSave` has returned: wait for that write.
  const storage = keyvalStorage(dbName('client', n));
  const written = new Promise<void>((resolve, reject) => {
    const setItem = storage.setItem;
    storage.setItem = (key, value) => setItem(key, value).then(resolve, reject);
  });
  await persistQueryClientSave({
    queryClient: client,
    persister: createAsyncStoragePersister({ storage, throttleTime: 0 }),
  });
  await written;
  client.clear();
}

const wanted = target();
if (wanted === 'ingest') {
  (window as SideWindow).benchIngest = ingest;
} else {
  const client = newClient();
  const { params } = wanted;
  const storage = keyvalStorage(dbName('client', wanted.n));
  await persistQueryClientRestore({
    queryClient: client,
    persister: createAsyncStoragePersister({ storage, throttleTime: 0 }),
  });
  const observer = new QueryObserver<{ results: Row[] }>(client, {
    queryKey: queryKey(params, 1),
    queryFn: () => fetchPage(params, 1),
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
