import { defineCall } from '../define-call.js';
import { changeWindow, DAY, optional } from '../param-rules.js';
import { dateParam, idParam, languageParam, numberParam, pageParam } from '../schemas/params.js';

/** Change lists and season details, for incremental refresh from change feeds (DESIGN: "Operations beyond the 19"). */
export const changeCalls = {
  tvChanges: defineCall({
    method: 'GET',
    path: '/3/tv/changes',
    pathParams: () => ({}),
    // Ids of series changed in the window: the last 24 h by default, at most 14 days (FACTS §6).
    query: () => ({ start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) }),
    scope: 'public',
    kind: 'list',
    stored: false,
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  // Series and season change feeds: which seasons, then which episodes, of a changed series changed (FACTS §6:
  // series changes carry `season` items, season changes `episode` items, each pointing at the ids to query next).
  seriesChanges: defineCall({
    method: 'GET',
    path: '/3/tv/{series_id}/changes',
    pathParams: () => ({ series_id: idParam }),
    query: () => ({ start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: false,
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  seasonChanges: defineCall({
    method: 'GET',
    path: '/3/tv/season/{season_id}/changes',
    pathParams: () => ({ season_id: idParam }),
    query: () => ({ start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: false,
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  seasonDetails: defineCall({
    method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}',
    pathParams: () => ({ series_id: idParam, season_number: numberParam }),
    query: () => ({ language: optional(languageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: true,
    maxAgeSeconds: DAY,
  }),
};
