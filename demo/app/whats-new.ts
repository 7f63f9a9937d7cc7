/**
 * "What's new" for the demo user: the series on their watchlist and favorites, followed (the library keeps each
 * one's latest season tracked), and the episodes that changed or aired since the last time the screen was viewed.
 * That time is the page's own (local storage), advanced when the screen is viewed; everything else is the library's
 * and reads the store, so it answers offline from what the last sync brought.
 */
import type { Catalogue, SeriesNews } from '../../src/index.js';

const SEEN_KEY = 'catalogue-demo-news-seen';
/** A first visit looks back a week: "since your last visit" has no meaning yet. */
const FIRST_LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;

/** When the user last viewed "What's new" (clock ms). */
export function lastSeen(): number {
  const stored = Number(localStorage.getItem(SEEN_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : Date.now() - FIRST_LOOK_BACK_MS;
}

export function markSeen(at: number = Date.now()): void {
  localStorage.setItem(SEEN_KEY, String(at));
}

/** The series ids on the account's stored watchlist and favorites (first pages), each once. */
export async function followedSeries(catalogue: Catalogue, account_id: number): Promise<number[]> {
  // Either order My list shows the watchlist in (each is stored under its own key), and the favorites.
  const pages = await Promise.all([
    catalogue.read('accountTvWatchlist', { account_id, sort_by: 'created_at.asc' }),
    catalogue.read('accountTvWatchlist', { account_id, sort_by: 'created_at.desc' }),
    catalogue.read('accountTvFavorites', { account_id }),
  ]);
  return [...new Set(pages.flatMap((page) => page?.results ?? []).map((series) => series.id))];
}

/** The news of the account's series since `since`. */
export async function newsOf(catalogue: Catalogue, account_id: number, since: number): Promise<SeriesNews[]> {
  return catalogue.news.since(since, await followedSeries(catalogue, account_id));
}

/**
 * Follows the account's series and polls their episodes' change feeds, in the background (never on the path to a
 * screen's first rows): the library bounds the requests and sends them at background priority.
 */
export async function followAndRefresh(catalogue: Catalogue, account_id: number): Promise<void> {
  // The watchlist as My list first shows it, fetched if this device has none yet (a sign-in just now).
  const params = { account_id, sort_by: 'created_at.asc' } as const;
  const { pending } = await catalogue.sync.ensureFresh('accountTvWatchlist', params, { priority: 'background' });
  await pending?.catch(() => undefined);
  const ids = await followedSeries(catalogue, account_id);
  if (ids.length === 0) return;
  await catalogue.news.follow(ids, { maxRequests: 10 });
  await catalogue.sync.refreshChanges();
}
