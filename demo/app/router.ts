/** Hash routes: real links everywhere, the back button works, and a reload (even offline) lands on the same screen. */
import type { DemoContext, Screen } from './context.js';
import { h } from './dom.js';
import { notFoundParts } from './not-found.js';
import { trendingScreen } from './screens/trending.js';

export interface Route {
  /** The nav entry to highlight. */
  readonly section: 'trending' | 'airing' | 'discover' | 'people' | 'news' | 'list' | 'settings' | undefined;
  /** The search screen's query, shown in the header's box. */
  readonly query?: string;
  /** A screen in a chunk of its own not loaded yet: `open` may be called once this has resolved. */
  readonly ready?: Promise<unknown>;
  open(ctx: DemoContext): Screen;
}

/**
 * The screens other than the home screen's, each a chunk of its own: the first screen's script carries only what
 * it shows. `preloadScreens` fetches them all after the visit's first screen, so a later one opens at once, offline
 * too.
 */
const SCREENS = {
  airing: () => import('./screens/airing.js'),
  discover: () => import('./screens/discover.js'),
  movie: () => import('./screens/movie.js'),
  myList: () => import('./screens/my-list.js'),
  news: () => import('./screens/news.js'),
  outbox: () => import('./screens/outbox.js'),
  people: () => import('./screens/people.js'),
  person: () => import('./screens/person.js'),
  search: () => import('./screens/search.js'),
  series: () => import('./screens/series.js'),
  settings: () => import('./screens/settings.js'),
};
type Screens = typeof SCREENS;
type ScreenModule<K extends keyof Screens> = Awaited<ReturnType<Screens[K]>>;

const loaded = new Map<keyof Screens, unknown>();
const loading = new Map<keyof Screens, Promise<unknown>>();

function load(name: keyof Screens): Promise<unknown> {
  let made = loading.get(name);
  if (!made) {
    made = SCREENS[name]().then((module) => loaded.set(name, module));
    // A chunk that failed (offline before it was fetched) is tried again the next time.
    made.catch(() => loading.delete(name));
    loading.set(name, made);
  }
  return made;
}

/**
 * Fetches every screen's chunk (after the first screen is up), one after the other with a task between them:
 * chunks that arrive together are evaluated together, and eleven of them would hold the main thread in one long
 * task while the visitor may already be scrolling.
 */
export async function preloadScreens(): Promise<void> {
  for (const name of Object.keys(SCREENS) as (keyof Screens)[]) {
    await load(name).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** A route to a screen of `name`'s chunk: `ready` until that chunk has loaded. */
function lazy<K extends keyof Screens>(
  name: K,
  section: Route['section'],
  open: (module: ScreenModule<K>, ctx: DemoContext) => Screen,
  query?: string,
): Route {
  const module = loaded.get(name) as ScreenModule<K> | undefined;
  const route = { section, ...(query === undefined ? {} : { query }) };
  if (module) return { ...route, open: (ctx) => open(module, ctx) };
  return { ...route, ready: load(name), open: (ctx) => open(loaded.get(name) as ScreenModule<K>, ctx) };
}

/** Called when "What's new" has been viewed (the nav's badge then recounts). */
let newsSeen: () => void = () => {};
export function onNewsSeen(listener: () => void): void {
  newsSeen = listener;
}

export function routeOf(hash: string): Route {
  const [path = '', queryText = ''] = hash.replace(/^#/, '').split('?');
  const query = new URLSearchParams(queryText);
  const parts = path.split('/').filter(Boolean);
  const id = Number(parts[1]);
  switch (parts[0]) {
    case undefined:
      return { section: 'trending', open: (ctx) => trendingScreen(ctx, 'day') };
    case 'trending':
      return { section: 'trending', open: (ctx) => trendingScreen(ctx, parts[1] === 'week' ? 'week' : 'day') };
    case 'airing':
      return lazy('airing', 'airing', (m, ctx) => m.airingScreen(ctx));
    case 'discover':
      return lazy('discover', 'discover', (m, ctx) => m.discoverScreen(ctx, m.filtersFromQuery(query)));
    case 'people':
      return lazy('people', 'people', (m, ctx) => m.peopleScreen(ctx));
    case 'pending':
      return lazy('outbox', 'list', (m, ctx) => m.outboxScreen(ctx));
    case 'settings':
      return lazy('settings', 'settings', (m, ctx) => m.settingsScreen(ctx));
    case 'search': {
      const text = query.get('q') ?? '';
      return lazy('search', undefined, (m, ctx) => m.searchScreen(ctx, text), text);
    }
    case 'news':
      return lazy('news', 'news', (m, ctx) => m.newsScreen(ctx, () => newsSeen()));
    case 'list':
      return lazy('myList', 'list', (m, ctx) => m.myListScreen(ctx));
    case 'person':
      if (Number.isInteger(id) && id > 0) return lazy('person', 'people', (m, ctx) => m.personScreen(ctx, id));
      break;
    case 'movie':
      if (Number.isInteger(id) && id > 0) return lazy('movie', 'trending', (m, ctx) => m.movieScreen(ctx, id));
      break;
    case 'series': {
      const season = parts[2] === 'season' ? Number(parts[3]) : 1;
      if (Number.isInteger(id) && id > 0 && Number.isInteger(season) && season >= 0) {
        return lazy('series', undefined, (m, ctx) => m.seriesScreen(ctx, id, season));
      }
      break;
    }
  }
  return { section: undefined, open: notFound };
}

function notFound(): Screen {
  return {
    title: 'Not found',
    element: h(
      'section',
      { class: 'screen' },
      h('h1', { id: 'screen-title' }, 'Page not found'),
      notFoundParts('This address is not a screen of the demo.'),
    ),
    dispose() {},
  };
}
