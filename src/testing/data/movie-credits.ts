import type { Catalogue } from './catalogue.js';
import { castRole, crewRole } from './credit-roles.js';
import { rosterPerson } from './credits-graph.js';
import { KIND } from './kinds.js';
import { recordRandom } from './random.js';

/** How many people a movie's cast names. */
export function movieCastSize(cat: Catalogue, movieIndex: number): number {
  return recordRandom(cat.seed, KIND.movieCredits, movieIndex).int(2, 12);
}

/** How many people a movie's crew names. */
export function movieCrewSize(cat: Catalogue, movieIndex: number): number {
  return recordRandom(cat.seed, KIND.movieCredits, movieIndex, 1).int(1, 8);
}

/** The character and credit id of one cast slot of a movie. */
export function movieCastRole(cat: Catalogue, movieIndex: number, slot: number) {
  return castRole(recordRandom(cat.seed, KIND.movieCredits, movieIndex, 2, slot));
}

/** The credit id, department and job of one crew slot of a movie. */
export function movieCrewRole(cat: Catalogue, movieIndex: number, slot: number) {
  return crewRole(recordRandom(cat.seed, KIND.movieCredits, movieIndex, 3, slot));
}

/**
 * A movie's cast and crew, in the shape of OpenAPI `movie-credits`: every credit names a person who exists, with
 * that person's own fields, chosen by the credits graph so that the person's combined credits list the movie.
 */
export function movieCredits(cat: Catalogue, movieIndex: number): { id: number; cast: unknown[]; crew: unknown[] } {
  const people = cat.sizes.people;
  const cast = Array.from({ length: movieCastSize(cat, movieIndex) }, (_, order) => ({
    ...cat.creditPerson(rosterPerson(cat.seed, { kind: 'movieCast' }, movieIndex, order, people)),
    cast_id: order + 1,
    ...movieCastRole(cat, movieIndex, order),
    order,
  }));
  const crew = Array.from({ length: movieCrewSize(cat, movieIndex) }, (_, slot) => ({
    ...cat.creditPerson(rosterPerson(cat.seed, { kind: 'movieCrew' }, movieIndex, slot, people)),
    ...movieCrewRole(cat, movieIndex, slot),
  }));
  return { id: cat.movies.id(movieIndex), cast, crew };
}
