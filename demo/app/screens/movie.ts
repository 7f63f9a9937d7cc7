/**
 * A movie, from its details alone (one request: the cast and videos come appended): poster, title, year, genres,
 * runtime, rating, overview, the cast (each a link to the person) and the videos (links to the site that hosts them).
 */
import type { MovieDetails } from '../../../src/index.js';
import type { DemoContext, Screen } from '../context.js';
import { facts, followDetails, needsConnection, placeholderOf, ratingLabel } from '../detail-screen.js';
import { h, replace, year } from '../dom.js';
import { state } from '../view-panel.js';

const SITES: Readonly<Record<string, (key: string) => string>> = {
  YouTube: (key) => `https://www.youtube.com/watch?v=${encodeURIComponent(key)}`,
  Vimeo: (key) => `https://vimeo.com/${encodeURIComponent(key)}`,
};

/** How many cast members the screen lists (the service sends them by billing order). */
const CAST_SHOWN = 24;

export function movieScreen(ctx: DemoContext, movieId: number): Screen {
  const { images } = ctx;
  const heading = h('h1', { id: 'screen-title' }, 'Movie');
  const poster = h('div', { class: 'portrait' });
  const about = h('div', {});
  const status = h('div', {});
  const cast = h('div', {});
  const videos = h('div', {});
  const section = h(
    'section',
    { class: 'screen' },
    h('header', { class: 'detail-header' }, poster, h('div', {}, heading, about, status)),
    h('h2', {}, 'Cast'),
    cast,
    h('h2', {}, 'Videos'),
    videos,
  );
  const draw = (movie: MovieDetails) => {
    replace(heading, movie.title);
    replace(poster, images.picture(movie.poster_path, 'poster', `Poster of ${movie.title}`, '200px'));
    replace(
      about,
      h(
        'p',
        { class: 'subtitle' },
        facts(
          year(movie.release_date),
          movie.genres.map((genre) => genre.name).join(', '),
          movie.runtime ? `${movie.runtime} min` : undefined,
          ratingLabel(movie.vote_average, movie.vote_count),
        ),
      ),
      movie.tagline ? h('p', { class: 'subtitle' }, h('em', {}, movie.tagline)) : undefined,
      h('p', { class: 'overview' }, movie.overview || 'No overview yet.'),
    );
    replace(
      cast,
      movie.credits.cast.length === 0
        ? state('empty', 'No cast listed', 'The service lists nobody for this movie yet.')
        : h(
            'ul',
            { class: 'credits' },
            movie.credits.cast
              .slice(0, CAST_SHOWN)
              .map((member) =>
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
    );
    replace(
      videos,
      movie.videos.results.length === 0
        ? state('empty', 'No videos', 'None right now: the screen updates itself when there are.')
        : h(
            'ul',
            { class: 'videos' },
            distinctVideos(movie.videos.results).map((video) => {
              const url = SITES[video.site]?.(video.key);
              // Several videos may share a name ("Trailer 3" in two cuts): the day each was published tells them apart.
              const label = [
                h('strong', {}, video.name),
                h('small', {}, facts(video.type, video.site, published(video.published_at))),
              ];
              return h(
                'li',
                {},
                url ? h('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, label) : h('span', {}, label),
              );
            }),
          ),
    );
  };
  const stop = followDetails(ctx.catalogue.movieDetails({ movie_id: movieId }), {
    what: 'movie',
    heading,
    section,
    status,
    online: ctx.online,
    draw,
    placeholder: placeholderOf(ctx.catalogue.local.summary('movie', movieId), (summary) => {
      replace(heading, summary.title);
      replace(poster, images.picture(summary.poster_path, 'poster', `Poster of ${summary.title}`, '200px'));
      replace(
        about,
        h(
          'p',
          { class: 'subtitle' },
          facts(year(summary.release_date), ratingLabel(summary.vote_average, summary.vote_count)),
        ),
        h('p', { class: 'overview' }, summary.overview || 'No overview yet.'),
      );
      replace(cast, needsConnection('The cast'));
      replace(videos, needsConnection('The videos'));
    }),
  });
  return { title: 'Movie', element: section, dispose: stop };
}

/** Made on first use: a formatter's locale data is loaded when it is made, not when the screen's chunk is. */
let publishedFormat: Intl.DateTimeFormat | undefined;

function published(at: string): string | undefined {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return undefined;
  publishedFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return publishedFormat.format(time);
}

/** One entry per video: the same video (its site and key) listed twice shows once. */
function distinctVideos<V extends { site: string; key: string }>(videos: readonly V[]): V[] {
  const seen = new Set<string>();
  return videos.filter((video) => {
    const id = `${video.site}:${video.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
