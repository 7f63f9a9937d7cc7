/**
 * Discover TV with filters, a page at a time as the list scrolls (`catalogue.pages`). Online the service answers;
 * offline the service's pages stored for these filters show as far as they go, and with none stored the same
 * filters run over the series cached on this device (`catalogue.local.discoverTv`). The screen says which.
 */
import { grid, seriesCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace } from '../dom.js';
import { TV_GENRES } from '../genres.js';
import { localPages } from '../local-pages.js';
import { morePages } from '../more-pages.js';
import { viewPanel } from '../view-panel.js';

export interface DiscoverFilters {
  genre: string;
  minVote: string;
  sort: string;
  /** Only what this device holds, even online (the "taking longer" notice links here). */
  saved: boolean;
}

const SORTS: readonly (readonly [string, string])[] = [
  ['popularity.desc', 'Most popular'],
  ['vote_average.desc', 'Highest rated'],
  ['first_air_date.desc', 'Newest'],
  ['name.asc', 'Name A–Z'],
];

export function filtersFromQuery(query: URLSearchParams): DiscoverFilters {
  return {
    genre: query.get('genre') ?? '',
    minVote: query.get('vote') ?? '',
    sort: SORTS.some(([value]) => value === query.get('sort')) ? (query.get('sort') as string) : 'popularity.desc',
    saved: query.get('saved') === '1',
  };
}

type DiscoverParams = { with_genres?: string; 'vote_average.gte'?: number; sort_by: 'popularity.desc' };

function paramsOf(filters: DiscoverFilters): DiscoverParams {
  return {
    sort_by: filters.sort as DiscoverParams['sort_by'],
    ...(filters.genre ? { with_genres: filters.genre } : {}),
    ...(filters.minVote ? { 'vote_average.gte': Number(filters.minVote) } : {}),
  };
}

type Source = 'service' | 'stored' | 'device';

const MODES: Readonly<Record<Source, [badge: string, kind: string, text: string]>> = {
  service: ['online', 'fresh', ' Results from the catalogue service.'],
  stored: ['offline', 'offline', ' The service’s results saved on this device.'],
  device: ['offline', 'offline', ' Searching the series saved on this device.'],
};

export function discoverScreen(ctx: DemoContext, initial: DiscoverFilters): Screen {
  let filters = initial;
  let panel: { element: HTMLElement; dispose(): void } | undefined;
  let more: { dispose(): void } | undefined;
  /** Which `show()` is the latest: an older one that finishes its read later draws nothing. */
  let generation = 0;
  const mode = h('p', { class: 'mode', role: 'status' });
  const results = h('div', {});
  const show = async () => {
    const drawing = ++generation;
    const params = paramsOf(filters);
    // Offline, the service's own pages when this device has them for these filters, else discover on the device.
    const source: Source = filters.saved
      ? 'device'
      : ctx.online()
        ? 'service'
        : (await ctx.catalogue.read('discoverTv', { ...params, page: 1 }).catch(() => undefined))
          ? 'stored'
          : 'device';
    if (drawing !== generation) return;
    panel?.dispose();
    more?.dispose();
    const view = source === 'device' ? localPages(ctx.catalogue, params) : ctx.catalogue.pages('discoverTv', params);
    const footer = morePages(view, ctx.online);
    const [badge, kind, text] = MODES[source];
    replace(mode, h('span', { class: `badge ${kind}` }, badge), text);
    panel = viewPanel(view, {
      what: 'series match these filters',
      online: ctx.online,
      local: source === 'device',
      isEmpty: (data) => data.results.length === 0,
      render: (data) => [
        h(
          'p',
          { class: 'count' },
          `${data.total_results.toLocaleString('en')} series`,
          data.results.length < data.total_results ? ` · showing ${data.results.length.toLocaleString('en')}` : '',
        ),
        grid(
          data.results.map((series) => seriesCard(ctx.images, series)),
          { leading: true },
        ),
      ],
      footer: () => {
        footer.update(view.getSnapshot());
        return footer.element;
      },
    });
    more = footer;
    replace(results, panel.element);
  };
  const form = filterForm(filters, (next) => {
    filters = next;
    const query = new URLSearchParams({ genre: next.genre, vote: next.minVote, sort: next.sort });
    if (next.saved) query.set('saved', '1');
    history.replaceState(null, '', `#/discover?${query}`);
    void show();
  });
  const onConnectivity = () => void show();
  window.addEventListener('online', onConnectivity);
  window.addEventListener('offline', onConnectivity);
  void show();
  return {
    title: 'Discover',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Discover')),
      form,
      mode,
      results,
    ),
    dispose() {
      window.removeEventListener('online', onConnectivity);
      window.removeEventListener('offline', onConnectivity);
      generation += 1;
      panel?.dispose();
      more?.dispose();
    },
  };
}

function filterForm(current: DiscoverFilters, onChange: (filters: DiscoverFilters) => void): HTMLFormElement {
  const genre = select(
    'genre',
    'Genre',
    [['', 'Any genre'], ...TV_GENRES.map(([id, name]) => [String(id), name] as const)],
    current.genre,
  );
  const minVote = select(
    'vote',
    'Minimum rating',
    [['', 'Any rating'], ...['5', '6', '7', '8'].map((vote) => [vote, `${vote}+`] as const)],
    current.minVote,
  );
  const sort = select('sort', 'Sort by', SORTS, current.sort);
  const form = h('form', { class: 'filters', 'aria-label': 'Filters' }, genre.label, minVote.label, sort.label);
  const changed = () =>
    onChange({ genre: genre.input.value, minVote: minVote.input.value, sort: sort.input.value, saved: current.saved });
  form.addEventListener('change', changed);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    changed();
  });
  return form;
}

function select(name: string, text: string, options: readonly (readonly [string, string])[], value: string) {
  const input = h(
    'select',
    { name, id: `filter-${name}` },
    options.map(([optionValue, label]) => h('option', { value: optionValue, selected: optionValue === value }, label)),
  );
  return { input, label: h('label', { for: `filter-${name}` }, h('span', {}, text), input) };
}
