import { movieCredits as movieCreditsOf } from '../data/movie-credits.js';
import { personCombinedCredits as combinedCreditsOf } from '../data/person-credits.js';
import { languageOf } from '../data/translations.js';
import { type OperationHandler, pathIndex } from '../service/request.js';

/** `GET /3/movie/{movie_id}/credits`: the cast and crew a movie's details append, with the movie's `id`. */
export const movieCredits: OperationHandler = ({ cat }, req) => ({
  status: 200,
  body: movieCreditsOf(cat, pathIndex(req, 'movie_id', cat.movies)),
});

/**
 * `GET /3/person/{person_id}/combined_credits`: every movie and series crediting the person (titles in the asked
 * language), with the person's `id` last, as the service orders it.
 */
export const personCombinedCredits: OperationHandler = ({ cat }, req) => {
  const index = pathIndex(req, 'person_id', cat.people);
  return { status: 200, body: { ...combinedCreditsOf(cat, index, languageOf(req.query)), id: cat.people.id(index) } };
};
