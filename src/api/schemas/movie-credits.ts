import * as z from 'zod/mini';
import { recordId } from './common.js';
import { castMember, crewMember } from './season-credits.js';

/** A movie's cast member: a season's, plus the `cast_id` every movie credit carries. */
export const movieCastMember = z.extend(castMember, { cast_id: z.int() });

/**
 * `GET /3/movie/{movie_id}/credits` (OpenAPI `movie-credits`): the movie's `id`, cast and crew. Every field is
 * required because every credit of the OpenAPI example carries it.
 */
export const movieCredits = z.object({
  id: recordId,
  cast: z.array(movieCastMember),
  crew: z.array(crewMember),
});

export type MovieCastMember = z.output<typeof movieCastMember>;
export type MovieCredits = z.output<typeof movieCredits>;
