import { describe, expect, it } from 'vitest';
import { endpoints, type OperationName, operationNames } from '../../src/api/index.js';
import {
  isStoredOperation,
  readStored,
  type StoredOperation,
  storeMappings,
  writeResponse,
} from '../../src/store/index.js';
import { recordTables } from '../../src/store/tables/record-tables.js';
import { freshDatabase, loadSampleJson, ok } from './store-fixtures.js';

interface Case {
  readonly params: Record<string, unknown>;
  readonly userScope?: string;
}

/** Parameters each real sample answered (as far as the sample and SOURCES.md tell). */
const cases: Record<string, Case> = {
  'account-watchlist-tv.json': { params: { account_id: 548 }, userScope: 'user-a' },
  'configuration.json': { params: {} },
  'configuration.tmdblib.json': { params: {} },
  'discover-tv.json': { params: {} },
  'discover-tv.tmdblib-default.json': { params: { sort_by: 'popularity.desc' } },
  'discover-tv.tmdblib-vote-filters-page2.json': { params: { 'vote_average.gte': 7, 'vote_count.gte': 100, page: 2 } },
  'discover-tv.tmdblib-watch-providers-or.json': { params: { watch_region: 'US', with_watch_providers: '8|9' } },
  'movie-videos.jdrouet.json': { params: { movie_id: 550 } },
  'movie-videos.json': { params: { movie_id: 550 } },
  'movie-videos.tmdblib.json': { params: { movie_id: 47964 } },
  'person-external-ids.json': { params: { person_id: 31 } },
  'person-external-ids.tmdblib.json': { params: { person_id: 62 } },
  'person-popular.json': { params: {} },
  'person-tagged-images.json': { params: { person_id: 31 } },
  'person-tagged-images.tmdblib.json': { params: { person_id: 31, page: 1 } },
  'person-translations.json': { params: { person_id: 31 } },
  'trending-movie-day.json': { params: { time_window: 'day' } },
  'trending-movie-week.json': { params: { time_window: 'week' } },
  'trending-tv-day.json': { params: { time_window: 'day' } },
  'trending-tv-week.json': { params: { time_window: 'week' } },
  'tv-account-states.json': { params: { series_id: 550 }, userScope: 'user-a' },
  'tv-airing-today.json': { params: {} },
  'tv-airing-today.tmdblib-page1.json': { params: { page: 1 } },
  'tv-airing-today.tmdblib-page2.json': { params: { page: 2 } },
  'tv-episode-account-states.json': {
    params: { series_id: 1399, season_number: 1, episode_number: 1 },
    userScope: 'user-a',
  },
  'tv-episode-changes.json': { params: { episode_id: 62085 } },
  'tv-episode-changes.tmdblib-empty.json': { params: { episode_id: 62085, start_date: '2024-01-01' } },
  'tv-season-credits.json': { params: { series_id: 1399, season_number: 1 } },
  'tv-season-credits.tmdblib.json': { params: { series_id: 1396, season_number: 1 } },
  'tv-season-images.json': { params: { series_id: 1399, season_number: 1 } },
  'tv-season-images.tmdblib.json': { params: { series_id: 1396, season_number: 1, include_image_language: 'en,null' } },
};

interface ManifestEntry {
  file: string;
  kind: string;
  operation: string;
  expect: string;
}

const manifest = (await loadSampleJson('MANIFEST.json')) as { samples: ManifestEntry[] };
const storedSamples = manifest.samples.filter(
  (entry) => entry.kind === 'response' && entry.expect === 'parses' && isStoredOperation(entry.operation),
);

describe('store mappings registry', () => {
  it('has a mapping for exactly the list and resource operations of the registry', () => {
    // The series/season change lists are read by the change feed and dropped: nothing of them is worth storing.
    // Movie credits and combined credits are calls only: the stored movie and person details append them.
    const unstored = new Set<OperationName>([
      'tvChanges',
      'seriesChanges',
      'seasonChanges',
      'movieCredits',
      'personCombinedCredits',
    ]);
    const expected = operationNames
      .filter((name: OperationName) => endpoints[name].kind !== 'action' && !unstored.has(name))
      .sort();
    expect(Object.keys(storeMappings).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(16);
  });

  it('every stored-operation sample of MANIFEST.json has parameters here, and they are valid', () => {
    expect(storedSamples.length).toBeGreaterThanOrEqual(16);
    for (const entry of storedSamples) {
      const testCase = cases[entry.file];
      expect(testCase, entry.file).toBeDefined();
      const scoped = testCase?.userScope ? { session_id: 'session-x' } : {};
      const checked = endpoints[entry.operation as StoredOperation].params.check({ ...testCase?.params, ...scoped });
      expect(checked.ok ? [] : checked.issues, entry.file).toEqual([]);
    }
  });
});

describe('each real sample is written and read back exactly as served', () => {
  it.each(storedSamples.map((entry) => [entry.file, entry.operation] as const))('%s (%s)', async (file, operation) => {
    const op = operation as StoredOperation;
    const testCase = cases[file] as Case;
    const data = endpoints[op].response.parse(await loadSampleJson(file));
    const db = freshDatabase();
    const params = testCase.params as never;
    expect(await readStored(db, op, params, testCase.userScope)).toBeUndefined();
    const result = await writeResponse(db, {
      operation: op,
      params,
      userScope: testCase.userScope,
      response: ok(data, 'W/"abc"'),
      expiresAt: 3_600_000,
      now: 0,
    });
    expect(result.outcome).toBe('stored');
    expect(await readStored(db, op, params, testCase.userScope)).toStrictEqual(data);
    // The no-read fast path is safe only if no mapping writes a field its table does not declare.
    for (const table of ['movies', 'tvSeries', 'people', 'episodes'] as const) {
      const fields = new Set(recordTables[table].fields?.() ?? []);
      for (const row of await db.table(table).toArray()) {
        expect(
          Object.keys(row).filter((key) => !fields.has(key)),
          `${table} ${row.id}`,
        ).toEqual([]);
      }
    }
    db.close();
  });
});
