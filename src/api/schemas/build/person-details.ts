import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

/**
 * A person's roles and jobs, made together: every operation that has one has the other, and they share the fields
 * of the work. What every entry carries about the work: only what a filmography shows is required; the rest is kept
 * when sent.
 */
const credits = schemaOf(() => {
  const creditedWork = {
    adult: z.optional(z.boolean()),
    backdrop_path: z.optional(imagePath),
    credit_id: z.string(),
    genre_ids: z.optional(z.array(z.number())),
    id: recordId,
    original_language: z.optional(z.string()),
    overview: z.optional(z.string()),
    popularity: z.optional(z.number()),
    poster_path: imagePath,
    vote_average: z.optional(z.number()),
    vote_count: z.optional(z.number()),
  };
  const creditedMovie = {
    ...creditedWork,
    media_type: z.literal('movie'),
    original_title: z.optional(z.string()),
    // An announced movie may have no date yet: `""`, null or no field at all.
    release_date: z.optional(looseDate),
    title: z.string(),
    video: z.optional(z.boolean()),
  };
  const creditedSeries = {
    ...creditedWork,
    media_type: z.literal('tv'),
    episode_count: z.optional(z.number()),
    first_air_date: z.optional(looseDate),
    name: z.string(),
    origin_country: z.optional(z.array(z.string())),
    original_name: z.optional(z.string()),
  };
  const asCast = { character: z.string(), order: z.optional(z.number()) };
  const asCrew = { department: z.string(), job: z.string() };
  return [
    z.union([z.object({ ...creditedMovie, ...asCast }), z.object({ ...creditedSeries, ...asCast })]),
    z.union([z.object({ ...creditedMovie, ...asCrew }), z.object({ ...creditedSeries, ...asCrew })]),
  ] as const;
});

export const castCredit = () => credits()[0];

export const crewCredit = () => credits()[1];

export const combinedCredits = schemaOf(() =>
  z.object({
    cast: z.array(castCredit()),
    crew: z.array(crewCredit()),
  }),
);

export const personDetails = schemaOf(() =>
  z.object({
    adult: z.boolean(),
    also_known_as: z.optional(z.array(z.string())),
    biography: z.string(),
    birthday: looseDate,
    deathday: looseDate,
    gender: z.int(),
    homepage: z.optional(z.nullable(z.string())),
    id: recordId,
    imdb_id: z.optional(z.nullable(z.string())),
    known_for_department: z.nullable(z.string()),
    name: z.string(),
    place_of_birth: z.nullable(z.string()),
    popularity: z.number(),
    profile_path: imagePath,
    combined_credits: combinedCredits(),
  }),
);
