/**
 * Issue 7's benchmark: keeping n tracked episodes fresh after k of them changed, by change feeds
 * (`sync.refreshChanges`) against refetching every stored resource of those episodes (their seasons' details and
 * the season images stored beside them), in the same run, on the in-process fake and a virtual clock.
 *
 * Bytes are response body bytes; requests are those sent; records written are counted by a DBCore middleware
 * below the library (episode rows, plus dependents: freshness rows marked stale; cursor rows are bookkeeping and
 * reported apart). Goals: bytesRatio ≤ 0.2, requests ≤ 0.5 × the full refetch's, recordsWritten = k + dependents.
 * Then the same resources are revalidated once more, conditionally: unchanged data must write no record (goal 0),
 * where the unconditional refetch wrote every one.
 */
import type { DBCore, DBCoreMutateRequest } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type Catalogue, databaseOf } from '../src/create-catalogue.js';
import { createCatalogue } from '../src/eager-entry.js';
import type { FetchLike } from '../src/env.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../src/testing/index.js';
import { type Benchmark, type BenchRow, ratio } from './benchmark.js';

const BASE_URL = 'http://127.0.0.1:8787';
const FIELDS = ['air_date', 'name', 'overview', 'production_code', 'runtime', 'still_path'] as const;

interface Meter {
  on: boolean;
  bytes: number;
  requests: number;
}

function metered(fetch: FetchLike, meter: Meter): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (meter.on) {
      meter.requests += 1;
      // Read first, then add: `meter.bytes += await …` would read the total before the await and lose
      // concurrent additions.
      const size = (await response.clone().arrayBuffer()).byteLength;
      meter.bytes += size;
    }
    return response;
  };
}

/** Rows put or deleted per table, counted at Dexie's DBCore level. */
function countWrites(catalogue: Catalogue): Record<string, number> {
  const rows: Record<string, number> = {};
  databaseOf(catalogue).use({
    stack: 'dbcore',
    name: 'bench-count-writes',
    create: (down: DBCore) => ({
      ...down,
      table: (name: string) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req: DBCoreMutateRequest) => {
            const n = req.type === 'deleteRange' ? 1 : req.type === 'delete' ? req.keys.length : req.values.length;
            rows[name] = (rows[name] ?? 0) + n;
            return table.mutate(req);
          },
        };
      },
    }),
  });
  return rows;
}

const sum = (rows: Record<string, number>, tables: readonly string[]) =>
  tables.reduce((total, table) => total + (rows[table] ?? 0), 0);
const RECORD_TABLES = ['episodes', 'seasons', 'tvSeries', 'movies', 'people', 'taggedImages'];

const refresh: Benchmark = async ({ smoke, log }) => {
  const n = smoke ? 60 : 1000;
  const k = smoke ? 3 : 10;
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const service = createFakeService({ seed: 11, scale: 'small', clock, baseUrl: BASE_URL, rateLimit: false });
  const meter: Meter = { on: false, bytes: 0, requests: 0 };
  let seed = 1;
  const catalogue = createCatalogue({
    baseUrl: BASE_URL,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: metered(service.fetch, meter),
    clock,
    random: () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    },
    rateLimit: { perSecond: 1000, concurrency: 16 },
    indexedDB: { indexedDB: new IDBFactory(), IDBKeyRange },
    dbName: 'bench-refresh',
  });
  const writes = countWrites(catalogue);
  const db = databaseOf(catalogue);

  // Track whole series until n episodes are tracked, then keep exactly n cursors.
  for (const series of service.control.allSeries().filter((s) => s.adult === false)) {
    await clock.runUntil(catalogue.track.series(series.id as number));
    if ((await db.episodeCursors.count()) >= n) break;
  }
  const surplus = (await db.episodeCursors.orderBy('episode_id').primaryKeys()).slice(n);
  await db.episodeCursors.bulkDelete(surplus);
  const cursors = await db.episodeCursors.orderBy('episode_id').toArray();
  const tracked = cursors.map((c) => c.episode_id);
  log(`${tracked.length} episodes tracked`);

  const step = Math.floor(tracked.length / k);
  const changed = Array.from({ length: k }, (_, i) => tracked[i * step] as number);
  const stillEpisode = cursors[0] as (typeof cursors)[number];
  // A dependent: the season images stored beside the episode whose still changes.
  await clock.runUntil(
    catalogue.sync.pull('seasonImages', {
      series_id: stillEpisode.series_id,
      season_number: stillEpisode.season_number,
    }),
  );
  await clock.advance(3_600_000);
  changed.forEach((id, i) => {
    const patch =
      i === 0 ? { still_path: '/bench-still.jpg', name: 'Changed 0' } : { name: `Changed ${i}`, runtime: 30 + i };
    service.control.mutateEpisode(id, patch);
  });
  await clock.advance(60_000);

  const measure = async (run: () => Promise<unknown>) => {
    meter.bytes = 0;
    meter.requests = 0;
    for (const key of Object.keys(writes)) delete writes[key];
    meter.on = true;
    const started = performance.now();
    await clock.runUntil(run());
    const ms = Math.round(performance.now() - started);
    meter.on = false;
    return { bytes: meter.bytes, requests: meter.requests, writes: { ...writes }, ms };
  };

  const inc = await measure(() => catalogue.sync.refreshChanges({ budget: 10 * n }));
  let mismatches = 0;
  for (const id of tracked) {
    const row = await db.episodes.get(id);
    const truth = service.control.episode(id) as unknown as Record<string, unknown>;
    if (FIELDS.some((field) => row?.[field] !== truth[field])) mismatches += 1;
  }
  log(`incremental: ${inc.requests} requests, ${inc.bytes} bytes, ${mismatches} mismatches`);

  // Baseline: refetch every stored resource of the tracked episodes, unconditionally.
  const seasons = new Map(cursors.map((c) => [`${c.series_id}/${c.season_number}`, c]));
  const full = await measure(() =>
    Promise.all([
      ...[...seasons.values()].map((c) =>
        catalogue.sync.pull(
          'seasonDetails',
          { series_id: c.series_id, season_number: c.season_number },
          { force: true, priority: 'background' },
        ),
      ),
      catalogue.sync.pull(
        'seasonImages',
        { series_id: stillEpisode.series_id, season_number: stillEpisode.season_number },
        { force: true, priority: 'background' },
      ),
    ]),
  );
  log(`full: ${full.requests} requests, ${full.bytes} bytes`);

  // Revalidation of unchanged data: the same resources again, now conditional (their ETags are stored and
  // nothing changed since): the service answers 304 and the store must write freshness only, no record.
  const revalidated = await measure(() =>
    Promise.all([
      ...[...seasons.values()].map((c) =>
        catalogue.sync.pull(
          'seasonDetails',
          { series_id: c.series_id, season_number: c.season_number },
          { priority: 'background' },
        ),
      ),
      catalogue.sync.pull(
        'seasonImages',
        { series_id: stillEpisode.series_id, season_number: stillEpisode.season_number },
        { priority: 'background' },
      ),
    ]),
  );
  log(
    `revalidation: ${revalidated.requests} requests, ${revalidated.bytes} bytes, ${JSON.stringify(revalidated.writes)}`,
  );
  await catalogue.close();

  const episodeRecords = inc.writes.episodes ?? 0;
  const dependents = inc.writes.syncMeta ?? 0;
  const incremental = {
    bytes: inc.bytes,
    requests: inc.requests,
    recordsWritten: sum(inc.writes, RECORD_TABLES) + dependents,
    episodeRecords,
    dependents,
    cursorWrites: inc.writes.episodeCursors ?? 0,
    ms: inc.ms,
  };
  const fullFields = {
    bytes: full.bytes,
    requests: full.requests,
    recordsWritten: sum(full.writes, RECORD_TABLES) + (full.writes.syncMeta ?? 0),
    ms: full.ms,
  };
  const revalidation = {
    requests: revalidated.requests,
    bytes: revalidated.bytes,
    // Record rows and list pages: what a re-render would follow. Freshness rows are expected (renewed expiry).
    recordsWritten: sum(revalidated.writes, [...RECORD_TABLES, 'listPages']),
    freshnessWrites: revalidated.writes.syncMeta ?? 0,
  };
  const bytesRatio = ratio(incremental.bytes, fullFields.bytes);
  const requestsRatio = ratio(incremental.requests, fullFields.requests);
  const rows: BenchRow[] = [
    {
      metric: 'bytes',
      library: incremental.bytes,
      baseline: fullFields.bytes,
      ratio: bytesRatio,
      goal: '≤ 0.2',
      unit: 'bytes',
      met: bytesRatio !== null && bytesRatio <= 0.2,
    },
    {
      metric: 'requests',
      library: incremental.requests,
      baseline: fullFields.requests,
      ratio: requestsRatio,
      goal: '≤ 0.5',
      unit: 'requests',
      met: requestsRatio !== null && requestsRatio <= 0.5,
    },
    {
      metric: 'recordsWritten',
      library: incremental.recordsWritten,
      baseline: fullFields.recordsWritten,
      ratio: ratio(incremental.recordsWritten, fullFields.recordsWritten),
      goal: `= k + dependents (${k} + ${dependents})`,
      unit: 'records',
      met: episodeRecords === k && incremental.recordsWritten === k + dependents && mismatches === 0,
    },
    {
      metric: 'revalidationRecordsWritten',
      library: revalidation.recordsWritten,
      baseline: fullFields.recordsWritten,
      ratio: ratio(revalidation.recordsWritten, fullFields.recordsWritten),
      goal: '= 0',
      unit: 'records',
      met: revalidation.recordsWritten === 0 && revalidation.requests === fullFields.requests,
    },
  ];
  return {
    fields: {
      n: tracked.length,
      k,
      verified: mismatches === 0,
      incremental,
      full: fullFields,
      revalidation,
      bytesRatio,
      requestsRatio,
    },
    rows,
  };
};

export default refresh;
