import { defineCall } from '../define-call.js';
import { HOUR, optional } from '../param-rules.js';
import { booleanParam, languageParam, pageParam, regionParam, searchQueryParam, yearParam } from '../schemas/params.js';

/**
 * The service's search (`/3/search/…`, beyond the specification's 19; parameters as its OpenAPI description):
 * `query` is required and never blank. Results are stored like any list, so a query asked before answers offline
 * from its stored pages; the titles and people in them also feed the catalogue's local search.
 */
export const searchCalls = {
  searchMulti: defineCall({
    method: 'GET',
    path: '/3/search/multi',
    pathParams: () => ({}),
    query: () => ({
      query: searchQueryParam,
      include_adult: optional(booleanParam),
      language: optional(languageParam),
      page: optional(pageParam),
    }),
    scope: 'public',
    kind: 'list',
    stored: true,
    maxAgeSeconds: HOUR,
  }),
  searchTv: defineCall({
    method: 'GET',
    path: '/3/search/tv',
    pathParams: () => ({}),
    query: () => ({
      query: searchQueryParam,
      first_air_date_year: optional(yearParam),
      include_adult: optional(booleanParam),
      language: optional(languageParam),
      page: optional(pageParam),
      year: optional(yearParam),
    }),
    scope: 'public',
    kind: 'list',
    stored: true,
    maxAgeSeconds: HOUR,
  }),
  searchMovies: defineCall({
    method: 'GET',
    path: '/3/search/movie',
    pathParams: () => ({}),
    query: () => ({
      query: searchQueryParam,
      include_adult: optional(booleanParam),
      language: optional(languageParam),
      page: optional(pageParam),
      primary_release_year: optional(yearParam),
      region: optional(regionParam),
      year: optional(yearParam),
    }),
    scope: 'public',
    kind: 'list',
    stored: true,
    maxAgeSeconds: HOUR,
  }),
  searchPeople: defineCall({
    method: 'GET',
    path: '/3/search/person',
    pathParams: () => ({}),
    query: () => ({
      query: searchQueryParam,
      include_adult: optional(booleanParam),
      language: optional(languageParam),
      page: optional(pageParam),
    }),
    scope: 'public',
    kind: 'list',
    stored: true,
    maxAgeSeconds: HOUR,
  }),
};
