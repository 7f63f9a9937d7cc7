/**
 * What the four first-content pages share (each is built on its own, so each bundles only what it imports):
 * the list they show, how they render it, and how they ingest with the network. Kept free of the library's
 * imports, so the baselines' bundles hold none of it.
 *
 * A page is opened as `/?n=<N>&list=<params JSON>` (show: page 1 of that list, from what is stored; the runner
 * times navigation start → the 20th row in the DOM, marked by `mark-first-content.ts`, which each page loads first), or as
 * `/?ingest` (the runner then calls `window.benchIngest(lists, n)`).
 */

/** The fake's bearer token (`FAKE_ACCESS_TOKEN` of `catalogue-sync/testing`; the runner checks they agree). */
export const TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiI1ZmExY2UwZmYxY2U1ZWVkMGNhN2ExMDk1ZTVmNGNlMCIsInN1YiI6IjY0ZmExY2UwY2E3YTEwOTA1ZTVmNGNlMCIsInNjb3BlcyI6WyJhcGlfcmVhZCJdLCJ2ZXJzaW9uIjoxfQ.WxE9QQvbUeFDaK7YTVSZRciofO1o0RT8qso5l2qe_Xc';

/** One list to ingest: discover/tv params (without page and language) and how many pages from page 1. */
export interface ListSpec {
  readonly params: Record<string, string>;
  readonly pages: number;
}

export interface ShowTarget {
  readonly n: number;
  readonly params: Record<string, string>;
}

/** Every side stores in English, as the library does by default. */
export const LANGUAGE = 'en-US';

/** What the URL asks for: show page 1 of a list, or ingest. */
export function target(): ShowTarget | 'ingest' {
  const query = new URLSearchParams(location.search);
  if (query.has('ingest')) return 'ingest';
  return { n: Number(query.get('n')), params: JSON.parse(query.get('list') ?? '{}') as Record<string, string> };
}

/** The same key for a page on every side: the list's params and the page, in a stable order. */
export function pageKey(params: Record<string, string>, page: number): string {
  const entries = Object.entries({ ...params, language: LANGUAGE }).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([...entries, ['page', page]]);
}

/** The service URL of one page (same origin: the page's server is the fake too). */
export function pageUrl(params: Record<string, string>, page: number): string {
  const query = new URLSearchParams({ ...params, language: LANGUAGE, page: String(page) });
  return `/3/discover/tv?${query.toString()}`;
}

export interface Row {
  readonly id: number;
  readonly name: string;
  readonly vote_average: number;
}

/** Renders the rows (once per answer) into `#rows`: one `<li>` each, what every side's app would show. */
export function render(rows: readonly Row[]): void {
  const list = document.getElementById('rows') as HTMLUListElement;
  const items = rows.map((row) => {
    const li = document.createElement('li');
    li.textContent = `${row.name} · ${row.vote_average}`;
    li.dataset.id = String(row.id);
    return li;
  });
  list.replaceChildren(...items);
}

/** Fetches one page from the fake, as JSON; throws on anything but 200. */
export async function fetchPage<T>(params: Record<string, string>, page: number): Promise<T> {
  const response = await fetch(pageUrl(params, page), { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`ingest: ${pageUrl(params, page)} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` in flight (the library's default is 8). */
export async function pool(count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Every page of every list, page 1 of each list first in its list. */
export function allPages(lists: readonly ListSpec[]): { params: Record<string, string>; page: number }[] {
  return lists.flatMap((list) => Array.from({ length: list.pages }, (_, i) => ({ params: list.params, page: i + 1 })));
}

/** The database (or store) name of a side at N records. */
export const dbName = (side: string, n: number) => `first-content-${side}-${n}`;

export interface SideWindow {
  benchIngest?: (lists: readonly ListSpec[], n: number) => Promise<void>;
}
