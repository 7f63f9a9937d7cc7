/**
 * The lists the browser benchmarks ingest, worked out from the fake itself (seed 1, large scale: 100,000 series):
 * discover/tv over windows of first-air years, each window's first pages in `popularity.desc` and, where it holds
 * more than one list's worth, its last ones in `popularity.asc` (disjoint: records differ across lists), ≤ 500
 * pages each (the service's cap). Only ~94% of the series have a first-air date, so past ~94k records lists
 * overlap (`vote_count.desc` of the same windows); the raw side reports how many distinct records it stored.
 */
import { createFakeService, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import type { ListSpec } from './sides/shared.js';

const PAGE_SIZE = 20;
const MAX_PAGES = 500;

interface Window {
  readonly gte: string;
  readonly lte: string;
  readonly total: number;
}

async function yearWindows(): Promise<Window[]> {
  const service = createFakeService({ scale: 'large', rateLimit: false });
  const total = async (query: string) => {
    const response = await service.fetch(`http://127.0.0.1/3/discover/tv?${query}`, {
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
    });
    return ((await response.json()) as { total_results: number }).total_results;
  };
  const windows: Window[] = [];
  let start = 1900;
  let count = 0;
  for (let year = 1900; year <= 2035; year++) {
    count += await total(`first_air_date_year=${year}`);
    if (count >= MAX_PAGES * PAGE_SIZE || year === 2035) {
      if (count > 0) windows.push({ gte: `${start}-01-01`, lte: `${year}-12-31`, total: count });
      start = year + 1;
      count = 0;
    }
  }
  return windows;
}

let cached: Promise<Window[]> | undefined;

/** Lists holding `n` records (n / 20 pages), the first list's page 1 being the one the pages show. */
export async function listsFor(n: number): Promise<ListSpec[]> {
  cached ??= yearWindows();
  const windows = await cached;
  const range = (w: Window) => ({ 'first_air_date.gte': w.gte, 'first_air_date.lte': w.lte });
  const candidates: ListSpec[] = [];
  for (const w of windows) {
    const pages = Math.min(MAX_PAGES, Math.floor(w.total / PAGE_SIZE));
    candidates.push({ params: { ...range(w), sort_by: 'popularity.desc' }, pages });
    const rest = Math.min(MAX_PAGES, Math.floor((w.total - pages * PAGE_SIZE) / PAGE_SIZE));
    if (rest > 0) candidates.push({ params: { ...range(w), sort_by: 'popularity.asc' }, pages: rest });
  }
  for (const w of windows) {
    const pages = Math.min(MAX_PAGES, Math.floor(w.total / PAGE_SIZE));
    candidates.push({ params: { ...range(w), sort_by: 'vote_count.desc' }, pages });
  }
  let remaining = Math.ceil(n / PAGE_SIZE);
  const lists: ListSpec[] = [];
  for (const list of candidates) {
    if (remaining === 0) break;
    const pages = Math.min(remaining, list.pages);
    lists.push({ params: list.params, pages });
    remaining -= pages;
  }
  if (remaining > 0) throw new Error(`lists: the fake cannot give ${n} records in lists of ≤ ${MAX_PAGES} pages`);
  return lists;
}

/** One `popularity.desc` list per year window, each with as many pages as it holds (≤ 500). */
export async function windowLists(): Promise<ListSpec[]> {
  cached ??= yearWindows();
  return (await cached).map((w) => ({
    params: { 'first_air_date.gte': w.gte, 'first_air_date.lte': w.lte, sort_by: 'popularity.desc' },
    pages: Math.min(MAX_PAGES, Math.floor(w.total / PAGE_SIZE)),
  }));
}
