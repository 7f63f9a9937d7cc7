/** Trending series and movies, today or this week: two live views, one toggle (links, so it is in the URL). */
import { grid, movieCard, seriesCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h } from '../dom.js';
import { viewPanel } from '../view-panel.js';

export type TimeWindow = 'day' | 'week';

export function trendingScreen(ctx: DemoContext, window: TimeWindow): Screen {
  const { catalogue, images } = ctx;
  const tv = viewPanel(catalogue.trendingTv({ time_window: window }), {
    what: 'trending series',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) =>
      grid(
        data.results.map((series) => seriesCard(images, series)),
        { leading: true },
      ),
  });
  const movies = viewPanel(catalogue.trendingMovies({ time_window: window }), {
    what: 'trending movies',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) => grid(data.results.map((movie) => movieCard(images, movie))),
  });
  const element = h(
    'section',
    { class: 'screen', 'aria-labelledby': 'screen-title' },
    h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Trending'), windowToggle(window)),
    h('h2', {}, 'Series'),
    tv.element,
    h('h2', {}, 'Movies'),
    movies.element,
  );
  return {
    title: 'Trending',
    element,
    dispose() {
      tv.dispose();
      movies.dispose();
    },
  };
}

function windowToggle(current: TimeWindow): HTMLElement {
  const option = (value: TimeWindow, label: string) =>
    h(
      'a',
      { class: 'segment', href: `#/trending/${value}`, 'aria-current': value === current ? 'page' : undefined },
      label,
    );
  return h(
    'nav',
    { class: 'segmented', 'aria-label': 'Time window' },
    option('day', 'Today'),
    option('week', 'This week'),
  );
}
