import { episodeId as toEpisodeId } from '../data/scale.js';
import { seasonCredits as creditsOf, seasonImages as imagesOf } from '../data/seasons.js';
import { serviceTime } from '../data/text.js';
import { findEpisode } from '../service/mutations.js';
import type { FakeContext, OperationHandler, OperationRequest } from '../service/request.js';
import { pageOf, pathIndex, pathNumber } from '../service/request.js';
import type { ChangeEntry } from '../service/state.js';
import { fail } from '../service/status-codes.js';
import { changesWindow } from './changes-window.js';

function season(ctx: FakeContext, req: OperationRequest) {
  const seriesIndex = pathIndex(req, 'series_id', ctx.cat.series);
  const seasonNumber = pathNumber(req, 'season_number');
  const shape = ctx.cat.seasons(seriesIndex).find((s) => s.seasonNumber === seasonNumber);
  return shape ? { seriesIndex, shape } : fail(34);
}

export const tvAccountStates: OperationHandler = (ctx, req) => {
  const index = pathIndex(req, 'series_id', ctx.cat.series);
  const owner = ctx.state.owner(req.query, true);
  const id = ctx.cat.series.id(index);
  const flags = ctx.state.flagsOf(owner, `tv:${id}`);
  const watchlist = owner.kind === 'account' && ctx.state.watchlist(owner.accountId).has(id);
  return { status: 200, body: { id, favorite: flags.favorite, rated: flags.rated, watchlist } };
};

export const episodeAccountStates: OperationHandler = (ctx, req) => {
  const { seriesIndex, shape } = season(ctx, req);
  const episodeNumber = pathNumber(req, 'episode_number');
  if (episodeNumber < 1 || episodeNumber > shape.episodeCount) fail(34);
  const owner = ctx.state.owner(req.query, true);
  const id = toEpisodeId(seriesIndex, shape.seasonNumber, episodeNumber);
  const flags = ctx.state.flagsOf(owner, `episode:${id}`);
  return { status: 200, body: { id, favorite: flags.favorite, rated: flags.rated, watchlist: false } };
};

export const seasonCredits: OperationHandler = (ctx, req) => {
  const { seriesIndex, shape } = season(ctx, req);
  return { status: 200, body: creditsOf(ctx.cat, seriesIndex, shape.seasonNumber) };
};

/** `language` keeps only posters in that language; `include_image_language` (`en,null`) widens the set. */
export const seasonImages: OperationHandler = (ctx, req) => {
  const { seriesIndex, shape } = season(ctx, req);
  const body = imagesOf(ctx.cat, seriesIndex, shape.seasonNumber) as {
    id: number;
    posters: { iso_639_1: string | null }[];
  };
  const language = req.query.get('language')?.slice(0, 2);
  const extra = req.query.get('include_image_language')?.split(',') ?? [];
  if (language === undefined && extra.length === 0) return { status: 200, body };
  const wanted = new Set([...(language ? [language] : []), ...extra]);
  const posters = body.posters.filter((poster) => wanted.has(poster.iso_639_1 ?? 'null'));
  return { status: 200, body: { id: body.id, posters } };
};

function serveItem(entry: ChangeEntry): Record<string, unknown> {
  const item: Record<string, unknown> = { id: entry.id, action: entry.action, time: serviceTime(entry.time) };
  if (entry.iso_639_1 !== undefined) item.iso_639_1 = entry.iso_639_1;
  if (entry.iso_3166_1 !== undefined) item.iso_3166_1 = entry.iso_3166_1;
  if (entry.value !== undefined) item.value = entry.value;
  if (entry.original_value !== undefined) item.original_value = entry.original_value;
  return item;
}

/** Changes in the window, grouped by key, newest first (groups ordered by their newest item). */
export const episodeChanges: OperationHandler = (ctx, req) => {
  const raw = req.params.episode_id ?? '';
  if (!/^\d{1,15}$/.test(raw) || !findEpisode(ctx, Number(raw))) fail(34);
  // Every change of an episode fits on one page; `page` is still validated like everywhere else.
  pageOf(req);
  const { from, to } = changesWindow(req);
  const entries = (ctx.state.changes.get(Number(raw)) ?? [])
    .filter((entry) => entry.time >= from && entry.time <= to)
    // Reversed first so that equal times also come newest (last recorded) first after the stable sort.
    .reverse()
    .sort((a, b) => b.time - a.time);
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const entry of entries) {
    const items = groups.get(entry.key) ?? [];
    items.push(serveItem(entry));
    groups.set(entry.key, items);
  }
  return { status: 200, body: { changes: [...groups].map(([key, items]) => ({ key, items })) } };
};
