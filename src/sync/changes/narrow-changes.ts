import type { EpisodeChanges } from '../../api/schemas/episode-changes.js';
import type { Priority } from '../../queue/priority.js';
import type { RequestQueue } from '../../queue/request-queue.js';
import type { EpisodeCursorRow } from '../../store/tables/rows.js';
import { isoDay, startDayOf } from './change-window.js';
import { changedSeriesSince } from './changed-series.js';

/** Below this many tracked episodes in a scope, polling them costs no more than asking which changed. */
const NARROW_FROM = 3;

export interface NarrowContext {
  readonly queue: RequestQueue;
  readonly priority: Priority;
  readonly signal: AbortSignal | undefined;
  /** Takes one request from the run's budget; false when none is left. */
  readonly take: () => boolean;
}

export interface Narrowed {
  /** Cursors that need their own feed polled. */
  readonly toPoll: EpisodeCursorRow[];
  /** Cursors proven unchanged since their start day: they advance without a request. */
  readonly quiet: EpisodeCursorRow[];
}

const startOf = (cursors: readonly EpisodeCursorRow[]) => isoDay(Math.min(...cursors.map(startDayOf)));

function groupBy<K>(cursors: readonly EpisodeCursorRow[], key: (c: EpisodeCursorRow) => K): Map<K, EpisodeCursorRow[]> {
  const groups = new Map<K, EpisodeCursorRow[]>();
  for (const cursor of cursors) {
    const group = groups.get(key(cursor));
    if (group) group.push(cursor);
    else groups.set(key(cursor), [cursor]);
  }
  return groups;
}

/** The ids (`value[idName]`) and numbers a series or season feed points at. */
function pointers(feed: EpisodeChanges, key: string, idName: string, numberName: string) {
  const found = new Map<number, number>();
  for (const group of feed.changes) {
    if (group.key !== key) continue;
    for (const item of group.items) {
      const value = (item.value ?? item.original_value) as Record<string, unknown> | undefined;
      const id = value?.[idName];
      const number = value?.[numberName];
      if (typeof id === 'number' && typeof number === 'number') found.set(number, id);
    }
  }
  return found;
}

/**
 * Which tracked episodes may have changed, asked top-down so that unchanged ones cost nothing: `tvChanges` (series
 * changed in the window) → a changed series' own feed (its `season` items) → a changed season's feed (its `episode`
 * items). Each level is asked only where it spares polls; any failure leaves its episodes to be polled.
 */
export async function narrowChanges(cursors: readonly EpisodeCursorRow[], context: NarrowContext): Promise<Narrowed> {
  const toPoll: EpisodeCursorRow[] = [];
  const quiet: EpisodeCursorRow[] = [];
  if (cursors.length < NARROW_FROM || !context.take()) return { toPoll: [...cursors], quiet };
  const options = { priority: context.priority, signal: context.signal };
  let took = true;
  const changedSeries = await changedSeriesSince(context.queue, {
    start_date: startOf(cursors),
    maxPages: cursors.length - 1,
    ...options,
    onRequest: () => {
      // The first page was taken above; later pages take their own.
      if (took) took = false;
      else if (!context.take()) throw new Error('budget');
    },
  }).catch(() => undefined);
  if (!changedSeries) return { toPoll: [...cursors], quiet };
  const bySeries = groupBy(cursors, (c) => c.series_id);
  await Promise.all(
    [...bySeries].map(async ([seriesId, inSeries]) => {
      if (!changedSeries.has(seriesId)) return quiet.push(...inSeries);
      if (inSeries.length < NARROW_FROM || !context.take()) return toPoll.push(...inSeries);
      const seriesFeed = await context.queue
        .request('seriesChanges', { series_id: seriesId, start_date: startOf(inSeries) }, options)
        .catch(() => undefined);
      if (!seriesFeed) return toPoll.push(...inSeries);
      const seasons = pointers(seriesFeed.data, 'season', 'season_id', 'season_number');
      for (const [seasonNumber, inSeason] of groupBy(inSeries, (c) => c.season_number)) {
        const seasonId = seasons.get(seasonNumber);
        if (seasonId === undefined) quiet.push(...inSeason);
        else toPoll.push(...(await narrowSeason(seasonId, inSeason, context, quiet)));
      }
      return undefined;
    }),
  );
  return { toPoll, quiet };
}

/** Within a changed season: its own feed names the changed episodes, when that spares polls. */
async function narrowSeason(
  seasonId: number,
  inSeason: EpisodeCursorRow[],
  context: NarrowContext,
  quiet: EpisodeCursorRow[],
): Promise<EpisodeCursorRow[]> {
  if (inSeason.length < NARROW_FROM || !context.take()) return inSeason;
  const feed = await context.queue
    .request(
      'seasonChanges',
      { season_id: seasonId, start_date: startOf(inSeason) },
      { priority: context.priority, signal: context.signal },
    )
    .catch(() => undefined);
  if (!feed) return inSeason;
  const changed = new Set(pointers(feed.data, 'episode', 'episode_id', 'episode_number').values());
  quiet.push(...inSeason.filter((c) => !changed.has(c.episode_id)));
  return inSeason.filter((c) => changed.has(c.episode_id));
}
