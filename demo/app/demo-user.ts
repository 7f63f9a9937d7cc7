/**
 * The demo's signed-in user, on the embedded fake service only: a session and a list made through its
 * `/__fake/…` control routes (a real service has the user approve a request token on its site instead).
 * Who is signed in is the library's persisted user scope (`catalogue.user`, restored on start in every tab and
 * after a browser restart); the page only remembers which list it made for that user, in local storage (shared
 * by the origin's tabs, kept across restarts), never a credential.
 */
import type { Catalogue } from '../../src/index.js';

const LISTS_KEY = 'catalogue-demo-lists';

export interface DemoUser {
  readonly account_id: number;
  /** The list made for this user, or undefined when this browser does not know it (its storage was cleared). */
  readonly list_id: number | undefined;
}

/** Signing in asks the service: offline, or with the service unreachable, it cannot start. */
export class SignInNeedsConnectionError extends Error {
  override readonly name = 'SignInNeedsConnectionError' as const;
  constructor() {
    super('Signing in needs a connection.');
  }
}

/** The service answered, but refused to make the demo user. */
export class SignInRefusedError extends Error {
  override readonly name = 'SignInRefusedError' as const;
  constructor(readonly status: number) {
    super(`The service refused to make the demo user (HTTP ${status}).`);
  }
}

/** List ids by user scope id (`account:<id>`): what the page made, for each user it signed in. */
function rememberedLists(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LISTS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function rememberList(userScope: string, listId: number): void {
  localStorage.setItem(LISTS_KEY, JSON.stringify({ ...rememberedLists(), [userScope]: listId }));
}

/**
 * Keeps the list of `userScope` only (none when nobody is signed in): the entry names its user, so a sign-out,
 * here, in another tab or one a closed page left for the next start to finish, takes it from local storage too.
 */
function keepListOf(userScope: string | undefined): void {
  const listId = userScope === undefined ? undefined : rememberedLists()[userScope];
  if (userScope === undefined || typeof listId !== 'number') localStorage.removeItem(LISTS_KEY);
  else localStorage.setItem(LISTS_KEY, JSON.stringify({ [userScope]: listId }));
}

/** The signed-in account (the library's user) and its demo list, or undefined while no account is signed in. */
export function demoUserOf(catalogue: Catalogue): DemoUser | undefined {
  const { user } = catalogue.user.getSnapshot();
  if (user?.accountId === undefined) return undefined;
  const listId = rememberedLists()[user.scopeId];
  return { account_id: user.accountId, list_id: typeof listId === 'number' ? listId : undefined };
}

async function control<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/__fake${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    // `fetch` rejects (a TypeError) only when no answer came back: the network or the service is down.
    throw new SignInNeedsConnectionError();
  }
  if (!response.ok) throw new SignInRefusedError(response.status);
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
  // Offline the browser would log the refused request as an error: do not send it at all.
  if (!navigator.onLine) throw new SignInNeedsConnectionError();
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
  // The list first: every tab that sees the new user (now or after a restart) finds its list.
  rememberList(`account:${session.account_id}`, list_id);
  await catalogue.setUser({ account_id: session.account_id, session_id: session.session_id });
  // The list as the service has it, through the library (what `lists.removeItem` then changes optimistically).
  await catalogue.sync.pull('listDetails', { list_id });
  return { account_id: session.account_id, list_id };
}

/** The demo user after a reload, a restart or in a new tab: the library restores the session from IndexedDB. */
export async function restoreDemoUser(catalogue: Catalogue): Promise<DemoUser | undefined> {
  catalogue.on('signedOut', () => keepListOf(catalogue.user.getSnapshot().user?.scopeId));
  await catalogue.auth.ready();
  keepListOf(catalogue.user.getSnapshot().user?.scopeId);
  return demoUserOf(catalogue);
}
