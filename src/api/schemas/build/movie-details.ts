import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { genre } from './genre.js';
import { video } from './movie-videos.js';
import { schemaOf } from './schema-of.js';
import { castMember, crewMember } from './season-credits.js';

export const appendedCredits = schemaOf(() =>
  z.object({
    cast: z.array(castMember()),
    crew: z.array(crewMember()),
  }),
);

export const appendedVideos = schemaOf(() =>
  z.object({
    results: z.array(video()),
  }),
);

export const movieCollection = schemaOf(() =>
  z.object({
    id: recordId,
    name: z.string(),
    poster_path: z.optional(imagePath),
    backdrop_path: z.optional(imagePath),
  }),
);

export const movieDetails = schemaOf(() =>
  z.object({
    adult: z.boolean(),
    backdrop_path: imagePath,
    belongs_to_collection: z.optional(z.nullable(movieCollection())),
    budget: z.optional(z.number()),
    genres: z.array(genre()),
    homepage: z.optional(z.nullable(z.string())),
    id: recordId,
    imdb_id: z.optional(z.nullable(z.string())),
    origin_country: z.optional(z.array(z.string())),
    original_language: z.string(),
    original_title: z.string(),
    overview: z.string(),
    popularity: z.number(),
    poster_path: imagePath,
    release_date: looseDate,
    revenue: z.optional(z.number()),
    // Null (or 0) for a movie whose length is not known yet.
    runtime: z.nullable(z.int().check(z.minimum(0))),
    status: z.string(),
    tagline: z.nullable(z.string()),
    title: z.string(),
    video: z.boolean(),
    vote_average: z.number(),
    vote_count: z.number(),
    credits: appendedCredits(),
    videos: appendedVideos(),
  }),
);
