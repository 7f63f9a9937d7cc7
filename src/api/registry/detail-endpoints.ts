import { defineEndpoint } from '../define-endpoint.js';
import { DAY, optional } from '../param-rules.js';
import { movieDetails } from '../schemas/movie-details.js';
import { idParam, languageParam } from '../schemas/params.js';
import { personDetails } from '../schemas/person-details.js';
import { tvSeriesDetails } from '../schemas/tv-series-details.js';

/**
 * The details of one movie, series or person, each with the sub-resources its screen shows appended (one request
 * instead of two or three). Spread last into the registry: the fake routes `/3/tv/{series_id}` after
 * `/3/tv/airing_today` and `/3/tv/changes`, and `/3/person/{person_id}` after `/3/person/popular`, so the fixed
 * paths keep their own handlers.
 */
export const detailEndpoints = {
  movieDetails: defineEndpoint({
    method: 'GET',
    path: '/3/movie/{movie_id}',
    pathParams: { movie_id: idParam },
    query: { language: optional(languageParam) },
    fixedQuery: { append_to_response: 'credits,videos' },
    response: movieDetails,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  tvSeriesDetails: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}',
    pathParams: { series_id: idParam },
    query: { language: optional(languageParam) },
    fixedQuery: { append_to_response: 'credits' },
    response: tvSeriesDetails,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  personDetails: defineEndpoint({
    method: 'GET',
    path: '/3/person/{person_id}',
    pathParams: { person_id: idParam },
    query: { language: optional(languageParam) },
    fixedQuery: { append_to_response: 'combined_credits' },
    response: personDetails,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
};
