/**
 * Search results. Online: the service's multi search (a pages view, kept on the device like every list). Offline:
 * the library's local search over the titles and people this device holds. The screen says which it is, and every
 * result is a link to its screen.
 */
import type { MovieSummary, PersonSummary, TvSeriesSummary } from '../../../src/api/schemas/index.js';
import { grid, movieCard, personCard, seriesCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h } from '../dom.js';
import type { Images } from '../images.js';
import { state, viewPanel } from '../view-panel.js';

type Found = { media_type: string } & Record<string, unknown>;

export const FROM_SERVICE = 'Results from the service';
export const FROM_DEVICE = 'Offline: results from titles saved on this device';

function card(images: Images, item: Found): HTMLElement | undefined {
  if (item.media_type === 'movie') return movieCard(images, item as unknown as MovieSummary);
  if (item.media_type === 'tv') return seriesCard(images, item as unknown as TvSeriesSummary);
  if (item.media_type === 'person') {
    // A person stored from another list may lack what they are known for: the card then just leaves it out.
    const person = { known_for: [], ...item } as unknown as PersonSummary;
    return personCard(images, person);
  }
  return undefined;
}

const cards = (images: Images, results: readonly Found[]) => grid(results.flatMap((item) => card(images, item) ?? []));

export function searchScreen(ctx: DemoContext, query: string): Screen {
  const text = query.trim();
  const heading = h('h1', { id: 'screen-title' }, text === '' ? 'Search' : `Search: “${text}”`);
  const header = h('header', { class: 'screen-header' }, heading);
  if (text === '') {
    return {
      title: 'Search',
      element: h(
        'section',
        { class: 'screen' },
        header,
        state('empty', 'Search titles and people', 'Type a title or a name in the search box above.'),
      ),
      dispose() {},
    };
  }
  const online = ctx.online();
  const source = h('p', { class: 'search-source', id: 'search-source' }, online ? FROM_SERVICE : FROM_DEVICE);
  let panel: { element: HTMLElement; dispose(): void };
  if (online) {
    const view = ctx.catalogue.pages('searchMulti', { query: text });
    panel = viewPanel(view, {
      what: `results for “${text}”`,
      online: ctx.online,
      isEmpty: (data) => data.results.length === 0,
      render: (data) => cards(ctx.images, data.results as unknown as Found[]),
      footer: () =>
        view.hasNextPage
          ? h('button', { class: 'button more', type: 'button', onclick: () => void view.fetchNextPage() }, 'Show more')
          : undefined,
    });
  } else {
    const view = ctx.catalogue.local.search(text);
    panel = viewPanel(view, {
      what: `saved titles or people matching “${text}”`,
      online: ctx.online,
      local: true,
      isEmpty: (data) => data.results.length === 0,
      render: (data) => cards(ctx.images, data.results as unknown as Found[]),
    });
  }
  return {
    title: `Search: ${text}`,
    element: h('section', { class: 'screen', 'aria-describedby': 'search-source' }, header, source, panel.element),
    dispose: panel.dispose,
  };
}
