import { episodePosition } from '../data/scale.js';
import { seasonDetailsOf } from '../data/season-details.js';
import { languageOf, localizeSeasonDetails } from '../data/translations.js';
import type { OperationHandler } from '../service/request.js';
import { pageOf, pathIndex, pathNumber } from '../service/request.js';
import { fail } from '../service/status-codes.js';
import { withAppends } from './append-to-response.js';
import { changesWindow } from './changes-window.js';

/** The real list pages 100 ids at a time (OpenAPI example: 100 results, total_pages 18 for 1,763). */
const CHANGES_PAGE_SIZE = 100;

/**
 * `GET /3/tv/changes`: ids of series with a change in the window (an episode change counts for its series,
 * FACTS §6), most recently changed first, `{ id, adult }` items, 100 per page.
 */
export const tvChanges: OperationHandler = (ctx, req) => {
  const page = pageOf(req);
  const { from, to } = changesWindow(req);
  const latest = new Map<number, number>();
  for (const [episodeId, entries] of ctx.state.changes) {
    const position = episodePosition(episodeId);
    if (!position) continue;
    for (const entry of entries) {
      if (entry.time < from || entry.time > to) continue;
      const seriesId = ctx.cat.series.id(position.seriesIndex);
      latest.set(seriesId, Math.max(latest.get(seriesId) ?? 0, entry.time));
    }
  }
  const ids = [...latest].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const start = (page - 1) * CHANGES_PAGE_SIZE;
  const results = ids.slice(start, start + CHANGES_PAGE_SIZE).map((id) => ({ id, adult: false }));
  return {
    status: 200,
    body: {
      results,
      page,
      total_pages: Math.max(1, Math.ceil(ids.length / CHANGES_PAGE_SIZE)),
      total_results: ids.length,
    },
  };
};

/** `GET /3/tv/{series_id}/season/{season_number}`: the season and its episodes as they are now. */
export const seasonDetails: OperationHandler = withAppends('season', (ctx, req) => {
  const seriesIndex = pathIndex(req, 'series_id', ctx.cat.series);
  const seasonNumber = pathNumber(req, 'season_number');
  const shape = ctx.cat.seasons(seriesIndex).find((s) => s.seasonNumber === seasonNumber);
  if (!shape) fail(34);
  const body = seasonDetailsOf(ctx.cat, seriesIndex, shape);
  return { status: 200, body: localizeSeasonDetails(ctx.cat, seriesIndex, shape, body, languageOf(req.query)) };
});
