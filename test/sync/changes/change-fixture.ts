import { expect } from 'vitest';
import type { TaggedImagesPage } from '../../../src/api/schemas/tagged-image.js';
import { databaseOf } from '../../../src/create-catalogue.js';
import type { ChangesAppliedEvent } from '../../../src/sync/catalogue-events.js';
import { type OneCatalogue, oneCatalogue } from '../../helpers/catalogue-world.js';
import { countWrites, type WriteCounter } from '../../store/store-fixtures.js';

/** The episode fields the store keeps and the fake can report. */
export const EPISODE_FIELDS = [
  'air_date',
  'name',
  'overview',
  'production_code',
  'runtime',
  'still_path',
  'vote_average',
  'vote_count',
] as const;

/** Every change key the fake emits (`vote_average` changes silently on the real service too: not a change key). */
export const CHANGE_KEYS = ['name', 'overview', 'air_date', 'still_path', 'production_code', 'runtime'] as const;

export interface ChangeFixture extends OneCatalogue {
  /** Rows written per table, counted by a DBCore middleware below the library. */
  readonly rowWrites: WriteCounter;
  readonly events: ChangesAppliedEvent[];
  /** Series tracked, in order. */
  readonly series: number[];
  /** Every tracked episode id. */
  readonly episodes: number[];
}

type FixtureOptions = Parameters<typeof oneCatalogue>[0];

/** A catalogue tracking the first `seriesCount` non-adult series of the fake (all their seasons). */
export async function changeFixture(seriesCount: number, options: FixtureOptions = {}): Promise<ChangeFixture> {
  // The eager door: the write counter is DBCore middleware, installed before the core's database opens (it must be).
  const fixture = oneCatalogue({ door: 'eager', ...options });
  const rowWrites = countWrites(databaseOf(fixture.catalogue));
  const events: ChangesAppliedEvent[] = [];
  fixture.catalogue.on('changesApplied', (event) => events.push(event));
  const series = fixture.service.control
    .allSeries()
    .filter((s) => s.adult === false)
    .slice(0, seriesCount)
    .map((s) => s.id as number);
  for (const id of series) await fixture.clock.runUntil(fixture.catalogue.track.series(id));
  const episodes = (await databaseOf(fixture.catalogue).episodeCursors.toCollection().primaryKeys()) as number[];
  rowWrites.reset();
  return { ...fixture, rowWrites, events, series, episodes };
}

/** The stored episode's fields next to the fake's current ones. */
export async function storedAndTruth(fixture: OneCatalogue, id: number) {
  const row = await databaseOf(fixture.catalogue).episodes.get(id);
  const truth = fixture.service.control.episode(id);
  const pick = (source: Record<string, unknown> | undefined) =>
    source && Object.fromEntries(EPISODE_FIELDS.map((field) => [field, source[field]]));
  return { stored: pick(row), truth: pick(truth as Record<string, unknown> | undefined) };
}

/** Asserts the store holds the fake's ground truth for every id. */
export async function expectStoreMatchesFake(fixture: OneCatalogue, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const { stored, truth } = await storedAndTruth(fixture, id);
    expect(stored, `episode ${id}`).toEqual(truth);
  }
}

/** Mutates `count` tracked episodes of `seriesId` in the change keys only (deterministic, seeded). */
export function mutate(fixture: OneCatalogue, seriesId: number, count: number): number[] {
  const mutated = fixture.service.control.mutateEpisodes({ count, series_id: seriesId, keys: CHANGE_KEYS });
  return mutated.map((m) => m.episode_id);
}

/** How many episodeChanges / tvChanges / season-details requests were sent since `from` (index into urls). */
export function requestsSince(fixture: OneCatalogue, from: number) {
  const urls = fixture.urls.slice(from).map((url) => new URL(url).pathname);
  return {
    episodeChanges: urls.filter((p) => /^\/3\/tv\/episode\/\d+\/changes$/.test(p)).length,
    tvChanges: urls.filter((p) => p === '/3/tv/changes').length,
    seasonDetails: urls.filter((p) => /^\/3\/tv\/\d+\/season\/\d+$/.test(p)).length,
    total: urls.length,
  };
}

/**
 * Awaits `promise` while letting real work settle and moving virtual time in small steps (rate windows, retries).
 * `clock.runUntil` jumps to the next timer, which with a subscribed view may be its expiry hours away.
 */
export async function drive<T>(clock: OneCatalogue['clock'], promise: Promise<T>, maxMs = 60_000): Promise<T> {
  let done = false;
  promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  const limit = clock.now() + maxMs;
  while (!done && clock.now() < limit) {
    for (let round = 0; round < 50 && !done; round++) await clock.flush();
    if (!done) await clock.advance(100);
  }
  return promise;
}

/** A popular person whose first tagged-images page shows an episode: stored, with that episode. */
export async function personWithEpisode(f: OneCatalogue) {
  const { catalogue, clock } = f;
  await clock.runUntil(catalogue.sync.pull('popularPeople', {}));
  const people = (await catalogue.read('popularPeople', {}))?.results ?? [];
  for (const person of people) {
    await clock.runUntil(catalogue.sync.pull('personTaggedImages', { person_id: person.id }));
    const page = (await catalogue.read('personTaggedImages', { person_id: person.id })) as TaggedImagesPage;
    const image = page.results.find((r) => r.media_type === 'episode');
    if (image)
      return { personId: person.id, episode: image.media as { id: number; show_id: number; season_number: number } };
  }
  throw new Error('no popular person with an episode among their tagged images');
}
