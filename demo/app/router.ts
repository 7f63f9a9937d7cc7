/** Hash routes: real links everywhere, the back button works, and a reload (even offline) lands on the same screen. */
import type { DemoContext, Screen } from './context.js';
import { h } from './dom.js';
import { notFoundParts } from './not-found.js';
import { airingScreen } from './screens/airing.js';
import { discoverScreen, filtersFromQuery } from './screens/discover.js';
import { movieScreen } from './screens/movie.js';
import { myListScreen } from './screens/my-list.js';
import { newsScreen } from './screens/news.js';
import { outboxScreen } from './screens/outbox.js';
import { peopleScreen } from './screens/people.js';
import { personScreen } from './screens/person.js';
import { searchScreen } from './screens/search.js';
import { seriesScreen } from './screens/series.js';
import { settingsScreen } from './screens/settings.js';
import { trendingScreen } from './screens/trending.js';

export interface Route {
  /** The nav entry to highlight. */
  readonly section: 'trending' | 'airing' | 'discover' | 'people' | 'news' | 'list' | 'settings' | undefined;
  /** The search screen's query, shown in the header's box. */
  readonly query?: string;
  open(ctx: DemoContext): Screen;
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
      return { section: 'airing', open: airingScreen };
    case 'discover':
      return { section: 'discover', open: (ctx) => discoverScreen(ctx, filtersFromQuery(query)) };
    case 'people':
      return { section: 'people', open: peopleScreen };
    case 'pending':
      return { section: 'list', open: outboxScreen };
    case 'settings':
      return { section: 'settings', open: settingsScreen };
    case 'search':
      return {
        section: undefined,
        query: query.get('q') ?? '',
        open: (ctx) => searchScreen(ctx, query.get('q') ?? ''),
      };
    case 'news':
      return { section: 'news', open: (ctx) => newsScreen(ctx, () => newsSeen()) };
    case 'list':
      return { section: 'list', open: myListScreen };
    case 'person':
      if (Number.isInteger(id) && id > 0) return { section: 'people', open: (ctx) => personScreen(ctx, id) };
      break;
    case 'movie':
      if (Number.isInteger(id) && id > 0) return { section: 'trending', open: (ctx) => movieScreen(ctx, id) };
      break;
    case 'series': {
      const season = parts[2] === 'season' ? Number(parts[3]) : 1;
      if (Number.isInteger(id) && id > 0 && Number.isInteger(season) && season >= 0) {
        return { section: undefined, open: (ctx) => seriesScreen(ctx, id, season) };
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
