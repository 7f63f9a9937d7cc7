/**
 * The demo's signed-in user, on the embedded fake service only: a session and a list made through its
 * `/__fake/…` control routes (a real service has the user approve a request token on its site instead).
 * The library keeps the session (in its users table) and restores it after a reload; session storage holds only
 * which account and list the demo made, never a credential.
 */
import type { Catalogue } from '../../src/index.js';

const KEY = 'catalogue-demo-user';

export interface DemoUser {
  readonly account_id: number;
  readonly list_id: number;
}

export function storedDemoUser(): DemoUser | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as DemoUser;
  } catch {
    return undefined;
  }
}

async function control<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/__fake${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the fake service refused ${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The first six trending movies of the day, fetched first when this device has none (the user's list). */
async function listMovies(catalogue: Catalogue): Promise<number[]> {
  const params = { time_window: 'day' } as const;
  await catalogue.sync.ensureFresh('trendingMovies', params);
  return ((await catalogue.read('trendingMovies', params))?.results ?? []).slice(0, 6).map((movie) => movie.id);
}

/** The four most popular series, fetched first when this device has none (the user's watchlist). */
async function watchlistSeries(catalogue: Catalogue): Promise<number[]> {
  const params = { sort_by: 'popularity.desc' } as const;
  await catalogue.sync.ensureFresh('discoverTv', params);
  return ((await catalogue.read('discoverTv', params))?.results ?? []).slice(0, 4).map((series) => series.id);
}

/** Creates the demo user with a list of six trending movies and a watchlist of four popular series, and signs in. */
export async function signInDemoUser(catalogue: Catalogue): Promise<DemoUser> {
  const session = await control<{ session_id: string; account_id: number }>('/sessions', {});
  const movies = await listMovies(catalogue);
  const { list_id } = await control<{ list_id: number }>('/lists', { session_id: session.session_id, items: movies });
  // A TV watchlist added a day apart, so its two sort orders differ.
  const series = await watchlistSeries(catalogue);
  for (const [index, series_id] of series.entries()) {
    await control('/watchlist', {
      session_id: session.session_id,
      series_id,
      added_at: Date.now() - (4 - index) * 86_400_000,
    });
  }
  await catalogue.setUser({ account_id: session.account_id, session_id: session.session_id });
  // The list as the service has it, through the library (what `lists.removeItem` then changes optimistically).
  await catalogue.sync.pull('listDetails', { list_id });
  const user: DemoUser = { account_id: session.account_id, list_id };
  sessionStorage.setItem(KEY, JSON.stringify(user));
  return user;
}

/** The demo user after a reload: the library restores the session; the page only remembers which list. */
export async function restoreDemoUser(catalogue: Catalogue): Promise<DemoUser | undefined> {
  await catalogue.auth.ready();
  const user = storedDemoUser();
  return user && catalogue.userScopeId === `account:${user.account_id}` ? user : undefined;
}
