import { defineCall } from '../define-call.js';
import { DAY, optional } from '../param-rules.js';
import { idParam, languageParam } from '../schemas/params.js';

/**
 * The details of one movie, series or person, each with the sub-resources its screen shows appended (one request
 * instead of two or three). Spread last into the registry: the fake routes `/3/tv/{series_id}` after
 * `/3/tv/airing_today` and `/3/tv/changes`, and `/3/person/{person_id}` after `/3/person/popular`, so the fixed
 * paths keep their own handlers.
 */
export const detailCalls = {
  movieDetails: defineCall({
    method: 'GET',
    path: '/3/movie/{movie_id}',
    pathParams: () => ({ movie_id: idParam }),
    query: () => ({ language: optional(languageParam) }),
    fixedQuery: { append_to_response: 'credits,videos' },
    scope: 'public',
    kind: 'resource',
    stored: true,
    maxAgeSeconds: DAY,
  }),
  tvSeriesDetails: defineCall({
    method: 'GET',
    path: '/3/tv/{series_id}',
    pathParams: () => ({ series_id: idParam }),
    query: () => ({ language: optional(languageParam) }),
    fixedQuery: { append_to_response: 'credits' },
    scope: 'public',
    kind: 'resource',
    stored: true,
    maxAgeSeconds: DAY,
  }),
  personDetails: defineCall({
    method: 'GET',
    path: '/3/person/{person_id}',
    pathParams: () => ({ person_id: idParam }),
    query: () => ({ language: optional(languageParam) }),
    fixedQuery: { append_to_response: 'combined_credits' },
    scope: 'public',
    kind: 'resource',
    stored: true,
    maxAgeSeconds: DAY,
  }),
};
