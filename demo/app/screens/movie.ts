import { databaseOf } from '../../../src/create-catalogue.js'; // internal: no public view serves records by id yet
/** A movie: its summary from the store and its videos, each a link to the site that hosts it. */
import { rating } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace, year } from '../dom.js';
import { viewPanel } from '../view-panel.js';

const SITES: Readonly<Record<string, (key: string) => string>> = {
  YouTube: (key) => `https://www.youtube.com/watch?v=${encodeURIComponent(key)}`,
  Vimeo: (key) => `https://vimeo.com/${encodeURIComponent(key)}`,
};

export function movieScreen(ctx: DemoContext, movieId: number): Screen {
  const heading = h('h1', { id: 'screen-title' }, 'Movie');
  const poster = h('div', { class: 'portrait' });
  const facts = h('div', {});
  void databaseOf(ctx.catalogue)
    .movies.get(movieId)
    .then((movie) => {
      if (!movie) return;
      replace(heading, movie.title);
      replace(poster, ctx.images.picture(movie.poster_path, 'poster', `Poster of ${movie.title}`, '200px'));
      replace(
        facts,
        h('p', { class: 'subtitle' }, year(movie.release_date), ' · ', rating(movie.vote_average, movie.vote_count)),
        h('p', { class: 'overview' }, movie.overview),
      );
    });
  const videos = viewPanel(ctx.catalogue.movieVideos({ movie_id: movieId }), {
    what: 'videos',
    online: ctx.online,
    isEmpty: (data) => data.results.length === 0,
    render: (data) =>
      h(
        'ul',
        { class: 'videos' },
        data.results.map((video) => {
          const url = SITES[video.site]?.(video.key);
          const label = [h('strong', {}, video.name), h('small', {}, `${video.type} · ${video.site}`)];
          return h('li', {}, url ? h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, label) : label);
        }),
      ),
  });
  return {
    title: 'Movie',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'detail-header' }, poster, h('div', {}, heading, facts)),
      h('h2', {}, 'Videos'),
      videos.element,
    ),
    dispose: videos.dispose,
  };
}
