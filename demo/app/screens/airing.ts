/** Series airing today, a page at a time (`catalogue.pages`): "Show more" adds the next page. */
import { grid, seriesCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h } from '../dom.js';
import { viewPanel } from '../view-panel.js';

export function airingScreen(ctx: DemoContext): Screen {
  const view = ctx.catalogue.pages('airingToday');
  const panel = viewPanel(view, {
    what: 'series airing today',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) => [
      h('p', { class: 'count' }, `${data.total_results.toLocaleString('en')} series air today`),
      grid(
        data.results.map((series) => seriesCard(ctx.images, series)),
        { leading: true },
      ),
    ],
    footer: () =>
      view.hasNextPage
        ? h(
            'button',
            {
              class: 'button more',
              type: 'button',
              'data-focus-key': 'more',
              onclick: () => void view.fetchNextPage(),
            },
            'Show more',
          )
        : undefined,
  });
  return {
    title: 'Airing today',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Airing today')),
      panel.element,
    ),
    dispose: panel.dispose,
  };
}
