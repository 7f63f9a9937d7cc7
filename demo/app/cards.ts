/** The cards every list screen shows: a series, a movie, a person. Each is one real link (keyboard-reachable). */
import type { MovieSummary, PersonSummary, TvSeriesSummary } from '../../src/api/schemas/index.js';
import { h, year } from './dom.js';
import { watchFirstPictures } from './first-pictures.js';
import type { Images } from './images.js';

/** The audience's rating; a title nobody voted on has an average of 0, which is no rating at all. */
export function rating(vote: number, voteCount: number): HTMLElement {
  if (voteCount === 0) return h('span', { class: 'rating unrated' }, 'Not rated yet');
  return h('span', { class: 'rating', title: `Rated ${vote.toFixed(1)} of 10` }, `★ ${vote.toFixed(1)}`);
}

export function seriesCard(images: Images, series: TvSeriesSummary): HTMLElement {
  return h(
    'a',
    { class: 'card', href: `#/series/${series.id}` },
    images.decoration(series.poster_path, 'poster', series.name),
    h('span', { class: 'card-title' }, series.name),
    h(
      'span',
      { class: 'card-meta' },
      year(series.first_air_date),
      ' · ',
      rating(series.vote_average, series.vote_count),
    ),
  );
}

export function movieCard(images: Images, movie: MovieSummary): HTMLElement {
  return h(
    'a',
    { class: 'card', href: `#/movie/${movie.id}` },
    images.decoration(movie.poster_path, 'poster', movie.title),
    h('span', { class: 'card-title' }, movie.title),
    h('span', { class: 'card-meta' }, year(movie.release_date), ' · ', rating(movie.vote_average, movie.vote_count)),
  );
}

export function personCard(images: Images, person: PersonSummary): HTMLElement {
  const knownFor = person.known_for.map((item) => (item.media_type === 'movie' ? item.title : item.name));
  return h(
    'a',
    { class: 'card person', href: `#/person/${person.id}` },
    images.decoration(person.profile_path, 'profile', person.name),
    h('span', { class: 'card-title' }, person.name),
    h('span', { class: 'card-meta' }, person.known_for_department),
    knownFor.length > 0 && h('span', { class: 'known-for' }, `Known for ${knownFor.slice(0, 3).join(', ')}`),
  );
}

/** The cards of a screen's first grid that a phone or a desktop shows above the fold. */
const LEADING_CARDS = 4;

/**
 * A grid of cards. `leading`: the screen's first grid, whose first pictures are the screen's largest paint: they
 * load at once and first (the rest load lazily, as they near the viewport).
 */
export function grid(cards: HTMLElement[], options: { leading?: boolean } = {}): HTMLElement {
  if (options.leading) {
    const images = cards.slice(0, LEADING_CARDS).flatMap((card) => card.querySelector('img') ?? []);
    for (const image of images) {
      image.loading = 'eager';
      image.setAttribute('fetchpriority', 'high');
    }
    watchFirstPictures(images);
  }
  return h('div', { class: 'grid' }, cards);
}
