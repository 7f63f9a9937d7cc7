import { episodePosition, seasonId, seasonPosition } from '../data/scale.js';
import { serviceTime } from '../data/text.js';
import type { FakeContext, OperationHandler, OperationRequest } from '../service/request.js';
import { pageOf, pathIndex } from '../service/request.js';
import type { ChangeEntry } from '../service/state.js';
import { fail } from '../service/status-codes.js';
import { changesWindow } from './changes-window.js';

interface Pointer {
  readonly pointsAt: number;
  readonly number: number;
  readonly entry: ChangeEntry;
}

/** The latest change in the window of every episode matching `where`, newest first. */
function latestChanges(
  ctx: FakeContext,
  req: OperationRequest,
  where: (position: { seriesIndex: number; seasonNumber: number; episodeNumber: number }) => boolean,
) {
  const { from, to } = changesWindow(req);
  const latest: { episodeId: number; position: NonNullable<ReturnType<typeof episodePosition>>; entry: ChangeEntry }[] =
    [];
  for (const [episodeId, entries] of ctx.state.changes) {
    const position = episodePosition(episodeId);
    if (!position || !where(position)) continue;
    const inWindow = entries.filter((entry) => entry.time >= from && entry.time <= to);
    const entry = inWindow[inWindow.length - 1];
    if (entry) latest.push({ episodeId, position, entry });
  }
  return latest.sort((a, b) => b.entry.time - a.entry.time);
}

/** One group of `updated` items pointing at the season or episode ids to query next, in the real shape. */
function pointerGroup(key: string, idName: string, numberName: string, pointers: readonly Pointer[]) {
  return {
    key,
    items: pointers.map(({ pointsAt, number, entry }) => ({
      id: entry.id,
      action: 'updated',
      time: serviceTime(entry.time),
      value: { [idName]: pointsAt, [numberName]: number },
    })),
  };
}

/**
 * `GET /3/tv/{series_id}/changes`: a `season` item per season with an episode change in the window (FACTS §6:
 * series changes point at the seasons to query).
 */
export const seriesChanges: OperationHandler = (ctx, req) => {
  const seriesIndex = pathIndex(req, 'series_id', ctx.cat.series);
  pageOf(req);
  const seasons = new Map<number, Pointer>();
  for (const { position, entry } of latestChanges(ctx, req, (p) => p.seriesIndex === seriesIndex)) {
    if (seasons.has(position.seasonNumber)) continue;
    const pointsAt = seasonId(seriesIndex, position.seasonNumber);
    seasons.set(position.seasonNumber, { pointsAt, number: position.seasonNumber, entry });
  }
  const changes =
    seasons.size === 0 ? [] : [pointerGroup('season', 'season_id', 'season_number', [...seasons.values()])];
  return { status: 200, body: { changes } };
};

/** `GET /3/tv/season/{season_id}/changes`: an `episode` item per episode changed in the window (FACTS §6). */
export const seasonChanges: OperationHandler = (ctx, req) => {
  const raw = req.params.season_id ?? '';
  const position = /^\d{1,15}$/.test(raw) ? seasonPosition(Number(raw)) : undefined;
  const exists =
    position !== undefined &&
    position.seriesIndex < ctx.cat.sizes.series &&
    ctx.cat.seasons(position.seriesIndex).some((s) => s.seasonNumber === position.seasonNumber);
  if (!exists) fail(34);
  pageOf(req);
  const pointers = latestChanges(
    ctx,
    req,
    (p) => p.seriesIndex === position.seriesIndex && p.seasonNumber === position.seasonNumber,
  ).map(({ episodeId, position: p, entry }) => ({ pointsAt: episodeId, number: p.episodeNumber, entry }));
  const changes = pointers.length === 0 ? [] : [pointerGroup('episode', 'episode_id', 'episode_number', pointers)];
  return { status: 200, body: { changes } };
};
