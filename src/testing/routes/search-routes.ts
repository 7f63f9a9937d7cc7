/**
 * The service's search, over the generated catalogue: a blank or missing `query` answers an empty page (as the
 * service does), `include_adult` must be `true` or `false`, the pages hold 20 results, most popular first.
 */
import type { Catalogue } from '../data/catalogue.js';
import { personSummary } from '../data/people.js';
import { type SearchHit, type SearchKind, searchHits } from '../data/search-index.js';
import { languageOf, localizeKnownFor, localizeMovie, localizeSeries } from '../data/translations.js';
import { type OperationHandler, type OperationRequest, PAGE_SIZE, paged, pageOf } from '../service/request.js';
import { FakeFailure, validationResult } from '../service/status-codes.js';

/** `include_adult` as the service reads it: absent, empty or `false` is false; anything but `true` is refused. */
function includeAdult(req: OperationRequest): boolean {
  const raw = req.query.get('include_adult');
  if (raw === null || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new FakeFailure(validationResult('include_adult must be true or false'));
}

function item(cat: Catalogue, hit: SearchHit, language: string, mediaType: boolean): Record<string, unknown> {
  if (hit.kind === 'movie') return localizeMovie(cat, cat.movieSummary(hit.index, mediaType), language);
  if (hit.kind === 'tv') return localizeSeries(cat, cat.seriesSummary(hit.index, mediaType), language);
  const person = personSummary(cat, hit.index);
  const knownFor =
    language === 'en'
      ? person.known_for
      : (person.known_for as Record<string, unknown>[]).map((work) => localizeKnownFor(cat, work, language));
  return { ...person, known_for: knownFor, ...(mediaType ? { media_type: 'person' } : {}) };
}

function search(kinds: readonly SearchKind[]): OperationHandler {
  const mediaType = kinds.length > 1;
  return ({ cat }, req) => {
    const page = pageOf(req);
    const adult = includeAdult(req);
    const query = req.query.get('query') ?? '';
    const hits = kinds.flatMap((kind) => searchHits(cat, kind, query, adult));
    // A mixed search interleaves its kinds by popularity, as the service ranks them together.
    if (mediaType)
      hits.sort((a, b) => b.popularity - a.popularity || a.kind.localeCompare(b.kind) || a.index - b.index);
    const language = languageOf(req.query);
    const start = (page - 1) * PAGE_SIZE;
    const results = hits.slice(start, start + PAGE_SIZE).map((hit) => item(cat, hit, language, mediaType));
    return paged(page, results, hits.length);
  };
}

export const searchMulti = search(['movie', 'tv', 'person']);
export const searchTv = search(['tv']);
export const searchMovies = search(['movie']);
export const searchPeople = search(['person']);
