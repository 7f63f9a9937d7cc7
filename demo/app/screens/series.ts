/**
 * A series, from its details (its latest season's cast comes appended): poster, name, genres, rating, overview,
 * cast and seasons, each season a link. Then one season: its episodes, cast, crew and posters, with links to the
 * seasons before and after it that the series has (none past its last).
 */
import type { TvSeriesDetails } from '../../../src/index.js';
import { accountActions } from '../account-actions.js';
import type { DemoContext, Screen } from '../context.js';
import { facts, followDetails, needsConnection, placeholderOf, ratingLabel } from '../detail-screen.js';
import { h, replace, year } from '../dom.js';
import { seasonEpisodes } from '../season-episodes.js';
import { state, viewPanel } from '../view-panel.js';

const CAST_SHOWN = 24;

export function seriesScreen(ctx: DemoContext, seriesId: number, season: number): Screen {
  const { catalogue, images } = ctx;
  const heading = h('h1', { id: 'screen-title' }, 'Series');
  const poster = h('div', { class: 'portrait' });
  const about = h('div', {});
  const status = h('div', {});
  const actions = h('div', {});
  const cast = h('div', {});
  const seasons = h('div', {});
  const nav = h('div', {});
  const seasonParts = h('div', {});
  const section = h(
    'section',
    { class: 'screen' },
    h('header', { class: 'detail-header' }, poster, h('div', {}, heading, about, status, actions)),
    h('h2', {}, 'Cast'),
    cast,
    h('h2', {}, 'Seasons'),
    seasons,
    nav,
    seasonParts,
  );
  const draw = (series: TvSeriesDetails) => {
    replace(heading, series.name);
    replace(poster, images.picture(series.poster_path, 'poster', `Poster of ${series.name}`, '200px'));
    replace(
      about,
      h(
        'p',
        { class: 'subtitle' },
        facts(
          year(series.first_air_date),
          series.genres.map((genre) => genre.name).join(', '),
          `${series.number_of_seasons} season${series.number_of_seasons === 1 ? '' : 's'}`,
          ratingLabel(series.vote_average, series.vote_count),
        ),
      ),
      h('p', { class: 'overview' }, series.overview || 'No overview yet.'),
    );
    replace(cast, castList(ctx, series));
    replace(seasons, seasonList(ctx, seriesId, series, season));
    replace(nav, seasonNav(seriesId, season, series));
  };
  const mount = (series: TvSeriesDetails) => {
    const account = accountActions(ctx, seriesId);
    replace(actions, account.element);
    const shown = seasonPanels(ctx, seriesId, season, series);
    replace(seasonParts, shown.element);
    return () => {
      account.dispose();
      shown.dispose();
    };
  };
  const stop = followDetails(catalogue.tvSeriesDetails({ series_id: seriesId }), {
    what: 'series',
    heading,
    section,
    status,
    online: ctx.online,
    draw,
    mount,
    placeholder: placeholderOf(catalogue.local.summary('tv', seriesId), (summary) => {
      replace(heading, summary.name);
      replace(poster, images.picture(summary.poster_path, 'poster', `Poster of ${summary.name}`, '200px'));
      replace(
        about,
        h(
          'p',
          { class: 'subtitle' },
          facts(year(summary.first_air_date), ratingLabel(summary.vote_average, summary.vote_count)),
        ),
        h('p', { class: 'overview' }, summary.overview || 'No overview yet.'),
      );
      replace(cast, needsConnection('The cast'));
      replace(seasons, needsConnection('The seasons'));
    }),
  });
  return { title: 'Series', element: section, dispose: stop };
}

function castList(ctx: DemoContext, series: TvSeriesDetails): HTMLElement {
  if (series.credits.cast.length === 0) return state('empty', 'No cast listed', 'The service lists nobody yet.');
  return h(
    'ul',
    { class: 'credits' },
    series.credits.cast
      .slice(0, CAST_SHOWN)
      .map((member) =>
        h(
          'li',
          {},
          h(
            'a',
            { class: 'credit', href: `#/person/${member.id}` },
            ctx.images.picture(member.profile_path, 'profile', `Photo of ${member.name}`, '64px'),
            h('span', {}, h('strong', {}, member.name), h('small', {}, member.character || 'Cast')),
          ),
        ),
      ),
  );
}

function seasonList(ctx: DemoContext, seriesId: number, series: TvSeriesDetails, current: number): HTMLElement {
  if (series.seasons.length === 0) return state('empty', 'No seasons yet', 'The service lists none for this series.');
  return h(
    'ul',
    { class: 'credits' },
    series.seasons.map((item) =>
      h(
        'li',
        {},
        h(
          'a',
          {
            class: 'credit',
            href: `#/series/${seriesId}/season/${item.season_number}`,
            'aria-current': item.season_number === current ? 'page' : undefined,
          },
          ctx.images.picture(item.poster_path, 'poster', `Poster of ${item.name}`, '64px'),
          h(
            'span',
            {},
            h('strong', {}, item.name),
            h('small', {}, facts(year(item.air_date), `${item.episode_count} episodes`)),
          ),
        ),
      ),
    ),
  );
}

/** The chosen season's episodes, cast and posters; a season the series does not have says so instead. */
function seasonPanels(
  ctx: DemoContext,
  seriesId: number,
  season: number,
  series: TvSeriesDetails,
): { element: HTMLElement; dispose(): void } {
  const { catalogue, images } = ctx;
  const name = series.seasons.find((item) => item.season_number === season)?.name;
  if (name === undefined) {
    return {
      element: state('empty', `No season ${season}`, 'This series has no such season: pick one from the list above.'),
      dispose() {},
    };
  }
  const params = { series_id: seriesId, season_number: season };
  const credits = viewPanel(catalogue.seasonCredits(params), {
    what: `credits for ${name}`,
    online: ctx.online,
    isEmpty: (data) => data.cast.length + data.crew.length === 0,
    render: (data) => [
      h(
        'ul',
        { class: 'credits' },
        data.cast.map((member) =>
          h(
            'li',
            {},
            h(
              'a',
              { class: 'credit', href: `#/person/${member.id}` },
              images.picture(member.profile_path, 'profile', `Photo of ${member.name}`, '64px'),
              h('span', {}, h('strong', {}, member.name), h('small', {}, member.character || 'Cast')),
            ),
          ),
        ),
      ),
      data.crew.length > 0 &&
        h('p', { class: 'crew' }, 'Crew: ', data.crew.map((member) => `${member.name} (${member.job})`).join(', ')),
    ],
  });
  const episodes = seasonEpisodes(ctx, seriesId, season);
  const posters = viewPanel(catalogue.seasonImages(params), {
    what: `posters for ${name}`,
    online: ctx.online,
    isEmpty: (data) => data.posters.length === 0,
    render: (data) =>
      h(
        'div',
        { class: 'posters' },
        data.posters.map((image, index) => images.picture(image.file_path, 'poster', `${name} poster ${index + 1}`)),
      ),
  });
  return {
    element: h(
      'div',
      {},
      h('h2', {}, `${name}: episodes`),
      episodes.element,
      h('h2', {}, `${name}: cast`),
      credits.element,
      h('h2', {}, `${name}: posters`),
      posters.element,
    ),
    dispose() {
      credits.dispose();
      episodes.dispose();
      posters.dispose();
    },
  };
}

/** Links to the seasons before and after this one, among those the series has (specials, 0, included). */
function seasonNav(seriesId: number, season: number, series: TvSeriesDetails): HTMLElement {
  const numbers = series.seasons.map((item) => item.season_number).sort((a, b) => a - b);
  const previous = numbers.filter((number) => number < season).at(-1);
  const next = numbers.find((number) => number > season);
  const label = (number: number) => series.seasons.find((item) => item.season_number === number)?.name ?? '';
  const link = (number: number, text: string) =>
    h('a', { class: 'segment', href: `#/series/${seriesId}/season/${number}` }, text);
  return h(
    'nav',
    { class: 'segmented', 'aria-label': 'Seasons' },
    previous !== undefined && link(previous, `← ${label(previous)}`),
    h(
      'span',
      { class: 'segment', 'aria-current': 'page' },
      numbers.includes(season) ? label(season) : `Season ${season}`,
    ),
    next !== undefined && link(next, `${label(next)} →`),
  );
}
