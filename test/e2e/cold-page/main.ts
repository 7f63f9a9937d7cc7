/**
 * A first visit as a PWA makes it: `createCatalogue` from the main entry and one view, its rows rendered when it has
 * data. For `cold-visit.e2e.ts`: the page notes every snapshot the view showed and when each IndexedDB database was
 * first opened (the test's own instrument, installed before the library runs), under `window.e2e`, with a way to
 * run members whose code loads on first use (the change feeds, the outbox).
 */
import { createCatalogue } from '../../../src/index.js';
// The options module only: the testing barrel would drag the fake service (hono) into the page.
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/service/options.js';

interface Shown {
  readonly at: number;
  readonly status: string;
  readonly rows: number | undefined;
  readonly error: string | undefined;
}

const state = {
  shown: [] as Shown[],
  opened: [] as { name: string; at: number }[],
  stored: undefined as number | undefined,
  /** Runs `sync.refreshChanges()` (a member whose code is a chunk loaded on first use); resolves to its requests. */
  refreshChanges: (): Promise<number> => catalogue.sync.refreshChanges().then((result) => result.requests),
  /** Rates the first row's series as a guest (a change: the outbox's code is a chunk loaded on first use). */
  rate: async (value: number): Promise<string> => {
    if (catalogue.userScopeId === undefined) await catalogue.auth.createGuestSession();
    const series = view.getSnapshot().data?.results[0]?.id as number;
    return (await catalogue.account.rateTvSeries({ series_id: series, value })).outcome;
  },
};
(window as unknown as { e2e: typeof state }).e2e = state;

const open = indexedDB.open.bind(indexedDB);
indexedDB.open = (name: string, version?: number) => {
  state.opened.push({ name, at: performance.now() });
  return open(name, version);
};

const query = new URL(location.href).searchParams;
const dbName = query.get('db') ?? 'cold-visit';
// A test that needs an answer no earlier page put in the browser's HTTP cache asks for the other window.
const timeWindow = query.get('window') === 'week' ? 'week' : 'day';
const catalogue = createCatalogue({ baseUrl: location.origin, accessToken: FAKE_ACCESS_TOKEN, dbName });
const view = catalogue.trendingTv({ time_window: timeWindow });
const list = document.getElementById('rows') as HTMLUListElement;
view.subscribe(() => {
  const { status, data, error } = view.getSnapshot();
  state.shown.push({
    at: performance.now(),
    status,
    rows: data?.results.length,
    error: error === undefined ? undefined : String((error as { name?: string }).name),
  });
  if (data && list.children.length === 0) {
    for (const series of data.results)
      list.append(Object.assign(document.createElement('li'), { textContent: series.name }));
  }
});
// What the store holds after the view has shown something: the answer it showed, stored (polled: the write follows
// the showing), or nothing for an answer that failed validation (checked for 3 s).
const storedAfterShown = async () => {
  for (let tries = 0; tries < 30; tries += 1) {
    const stored = await catalogue.read('trendingTv', { time_window: timeWindow });
    if (stored) return stored.results.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 0;
};
const waiting = view.subscribe(() => {
  const { data, error } = view.getSnapshot();
  if (data === undefined && error === undefined) return;
  waiting();
  void storedAfterShown().then((rows) => {
    state.stored = rows;
  });
});
