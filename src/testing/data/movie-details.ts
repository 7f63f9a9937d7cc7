import type { Catalogue } from './catalogue.js';
import { genresOf } from './genre-names.js';
import { KIND } from './kinds.js';
import { productionOf } from './production.js';
import { recordRandom } from './random.js';
import { LAST_DAY } from './series.js';
import { dayOf, maybeImage } from './text.js';
import { localizeMovie, movieTagline } from './translations.js';
import { COUNTRY_OF, LANGUAGE_NAMES } from './vocabulary.js';

const TAGLINES = ['Some secrets never sleep.', 'One night changes everything.', 'Based on a true story.'];

/** `spoken_languages` of a record in one language. */
export function spokenLanguages(language: string): { english_name: string; iso_639_1: string; name: string }[] {
  const [name, english] = LANGUAGE_NAMES[language] ?? ['', language];
  return [{ english_name: english, iso_639_1: language, name }];
}

/**
 * `GET /3/movie/{movie_id}` in the shape of OpenAPI `movie-details`: the movie's summary fields (localized like
 * every list gives them) and its details (the tagline and the genres' names in `language`); what `append_to_response` adds is added by the route.
 */
export function movieDetailsOf(cat: Catalogue, index: number, language: string): Record<string, unknown> {
  const { genre_ids, media_type: _type, softcore: _softcore, ...summary } = cat.movieSummary(index, false);
  const rng = recordRandom(cat.seed, KIND.movieDetails, index);
  const releaseDay = dayOf(summary.release_date as string);
  const status =
    releaseDay === undefined ? 'In Production' : releaseDay > LAST_DAY - 60 ? 'Post Production' : 'Released';
  const collection = rng.chance(0.15)
    ? {
        id: 10_000 + index,
        // Named after the title the movie has in the language, like the rest of the answer.
        name: `${localizeMovie(cat, summary, language).title as string} Collection`,
        poster_path: maybeImage(rng, 0.2),
        backdrop_path: maybeImage(rng, 0.2),
      }
    : null;
  const budget = rng.chance(0.4) ? 0 : rng.int(1, 300) * 1_000_000;
  const details: Record<string, unknown> = {
    ...summary,
    belongs_to_collection: collection,
    budget,
    genres: genresOf(genre_ids as number[], language),
    homepage: rng.chance(0.5) ? '' : `https://movies.example/${summary.id as number}`,
    imdb_id: rng.chance(0.1) ? null : `tt${String(rng.int(1, 9_999_999)).padStart(7, '0')}`,
    origin_country: [COUNTRY_OF[summary.original_language as string] ?? 'US'],
    ...productionOf(cat, KIND.movieDetails, index, summary.original_language as string),
    revenue: budget === 0 || status !== 'Released' ? 0 : Math.round(budget * 4 * rng.next()),
    // The service sends 0, not null, for a runtime nobody has entered.
    runtime: rng.chance(0.05) ? 0 : rng.int(75, 190),
    spoken_languages: spokenLanguages(summary.original_language as string),
    status,
    tagline: movieTagline(cat, summary, rng.chance(0.3) ? '' : rng.pick(TAGLINES), language),
  };
  return localizeMovie(cat, details, language);
}
