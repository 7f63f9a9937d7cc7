import { databaseOf } from '../../../src/create-catalogue.js'; // internal: no public view serves records by id yet
/** A series: its summary from the store, then one season's cast, crew and posters, season by season. */
import { accountActions } from '../account-actions.js';
import { rating } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace, year } from '../dom.js';
import { genreName } from '../genres.js';
import { seasonEpisodes } from '../season-episodes.js';
import { viewPanel } from '../view-panel.js';

export function seriesScreen(ctx: DemoContext, seriesId: number, season: number): Screen {
  const { catalogue, images } = ctx;
  const heading = h('h1', { id: 'screen-title' }, 'Series');
  const poster = h('div', { class: 'portrait' });
  const facts = h('div', {});
  void databaseOf(catalogue)
    .tvSeries.get(seriesId)
    .then((series) => {
      if (!series) return;
      replace(heading, series.name);
      replace(poster, images.picture(series.poster_path, 'poster', `Poster of ${series.name}`, '200px'));
      replace(
        facts,
        h(
          'p',
          { class: 'subtitle' },
          year(series.first_air_date),
          ' · ',
          rating(series.vote_average, series.vote_count),
          ' · ',
          series.genre_ids.map(genreName).filter(Boolean).join(', '),
        ),
        h('p', { class: 'overview' }, series.overview),
      );
    });
  const actions = accountActions(ctx, seriesId);
  const params = { series_id: seriesId, season_number: season };
  const credits = viewPanel(catalogue.seasonCredits(params), {
    what: `credits for season ${season}`,
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
    what: `posters for season ${season}`,
    online: ctx.online,
    isEmpty: (data) => data.posters.length === 0,
    render: (data) =>
      h(
        'div',
        { class: 'posters' },
        data.posters.map((image, index) =>
          images.picture(image.file_path, 'poster', `Season ${season} poster ${index + 1}`),
        ),
      ),
  });
  return {
    title: 'Series',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'detail-header' }, poster, h('div', {}, heading, facts, actions.element)),
      seasonNav(seriesId, season),
      h('h2', {}, `Season ${season} episodes`),
      episodes.element,
      h('h2', {}, `Season ${season} cast`),
      credits.element,
      h('h2', {}, `Season ${season} posters`),
      posters.element,
    ),
    dispose() {
      actions.dispose();
      credits.dispose();
      episodes.dispose();
      posters.dispose();
    },
  };
}

function seasonNav(seriesId: number, season: number): HTMLElement {
  const link = (number: number, label: string) =>
    h('a', { class: 'segment', href: `#/series/${seriesId}/season/${number}` }, label);
  return h(
    'nav',
    { class: 'segmented', 'aria-label': 'Seasons' },
    season > 1 && link(season - 1, `← Season ${season - 1}`),
    h('span', { class: 'segment', 'aria-current': 'page' }, `Season ${season}`),
    link(season + 1, `Season ${season + 1} →`),
  );
}
