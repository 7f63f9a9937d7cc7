/**
 * A season's episodes (season details) and, when signed in, each one's rating (episode account states) with a
 * rating control: a change shows at once and goes through the outbox like the series' own toggles.
 */
import type { SeasonEpisode } from '../../src/index.js';
import type { DemoContext } from './context.js';
import { demoUserOf } from './demo-user.js';
import { h, replace, year } from './dom.js';
import { ratingSelect } from './rating-select.js';
import { viewPanel } from './view-panel.js';

export function seasonEpisodes(
  ctx: DemoContext,
  seriesId: number,
  season: number,
): { element: HTMLElement; dispose(): void } {
  const signedIn = demoUserOf(ctx.catalogue) !== undefined;
  // Rows are rebuilt on every season snapshot: the previous rows' live views stop first.
  let rowDisposers: (() => void)[] = [];
  const stopRows = () => {
    for (const dispose of rowDisposers) dispose();
    rowDisposers = [];
  };
  const panel = viewPanel(ctx.catalogue.seasonDetails({ series_id: seriesId, season_number: season }), {
    what: `episodes of season ${season}`,
    online: ctx.online,
    isEmpty: (data) => data.episodes.length === 0,
    render: (data) => {
      stopRows();
      const rows = data.episodes.map((episode) => {
        const row = episodeRow(ctx, seriesId, episode, signedIn);
        rowDisposers.push(row.dispose);
        return row.element;
      });
      return [
        !signedIn && h('a', { class: 'chip-link', href: '#/list' }, 'Sign in to rate episodes and see your ratings'),
        h('ol', { class: 'episodes' }, rows),
      ];
    },
  });
  return {
    element: panel.element,
    dispose() {
      panel.dispose();
      stopRows();
    },
  };
}

function episodeRow(
  ctx: DemoContext,
  seriesId: number,
  episode: SeasonEpisode,
  signedIn: boolean,
): { element: HTMLElement; dispose(): void } {
  const { images } = ctx;
  const key: EpisodeKey = {
    series_id: seriesId,
    season_number: episode.season_number,
    episode_number: episode.episode_number,
  };
  const title = `E${episode.episode_number} · ${episode.name}`;
  const state = h('div', { class: 'episode-state' });
  const element = h(
    'li',
    { class: 'episode', 'data-episode': episode.episode_number },
    images.picture(episode.still_path, 'still', `Still of ${episode.name}`, '160px'),
    h(
      'span',
      { class: 'episode-text' },
      h('strong', {}, title),
      h(
        'small',
        {},
        [year(episode.air_date), episode.runtime ? `${episode.runtime} min` : undefined].filter(Boolean).join(' · '),
      ),
    ),
    state,
  );
  if (!signedIn) return { element, dispose() {} };
  // A season has up to two dozen episodes: each one's state is asked for when its row nears the screen, so
  // opening the page stays within the request rate (and the outbox is not queued behind a burst).
  let unsubscribe = () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      unsubscribe = watchRating(ctx, key, state);
    },
    { rootMargin: '200px' },
  );
  observer.observe(element);
  return {
    element,
    dispose() {
      observer.disconnect();
      unsubscribe();
    },
  };
}

type EpisodeKey = { series_id: number; season_number: number; episode_number: number };

/** Draws one episode's rating and its control into `state`, live; returns the unsubscribe. */
function watchRating(ctx: DemoContext, key: EpisodeKey, state: HTMLElement): () => void {
  const { catalogue } = ctx;
  const view = catalogue.episodeAccountStates(key);
  const rating = ratingSelect(
    `episode-rating-${key.season_number}-${key.episode_number}`,
    `Rate episode ${key.episode_number}`,
    (value) =>
      value === undefined
        ? catalogue.account.deleteEpisodeRating(key)
        : catalogue.account.rateEpisode({ ...key, value }),
    true,
  );
  const status = h('span', { class: 'episode-rated', 'aria-live': 'polite' });
  const draw = () => {
    const { data } = view.getSnapshot();
    if (!data) return replace(state, h('span', { class: 'updated' }, 'Reading your rating…'));
    replace(status, data.rated ? `Rated ★ ${data.rated.value}` : 'Not rated');
    rating.show(data.rated);
    if (!state.contains(rating.element)) replace(state, status, rating.element);
  };
  const unsubscribe = view.subscribe(draw);
  draw();
  return unsubscribe;
}
