import { liveQuery } from 'dexie';
import { describe, expect, it } from 'vitest';
import { READ_MARK_INTERVAL_MS, readStored, readStoredEntry, touchRead, writeResponse } from '../../src/store/index.js';
import { countWrites, freshDatabase, loadSample, ok } from './store-fixtures.js';

/** Subscribes to a live query and lets a test wait for its n-th emission. */
function record<T>(query: () => Promise<T>) {
  const values: T[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const subscription = liveQuery(query).subscribe({
    next: (value) => {
      values.push(value);
      for (const w of waiters.filter((w) => values.length >= w.n)) w.resolve();
    },
    error: (error) => {
      throw error;
    },
  });
  return {
    values,
    emissions: (n: number) =>
      values.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    stop: () => subscription.unsubscribe(),
  };
}

describe('reads inside liveQuery', () => {
  it('readStored runs inside liveQuery and re-runs when a write touches what it read', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingTv', 'trending-tv-day.json');
    const params = { time_window: 'day' as const };
    const view = record(() => readStored(db, 'trendingTv', params));
    await view.emissions(1);
    expect(view.values).toEqual([undefined]);

    await writeResponse(db, { operation: 'trendingTv', params, response: ok(trending), expiresAt: 1, now: 0 });
    await view.emissions(2);
    expect(view.values[1]).toStrictEqual(trending);

    // A summary of one of the page's series changes elsewhere (airing today): the trending view re-runs.
    const [first] = trending.results;
    if (!first) throw new Error('empty sample');
    const { media_type: _m, ...summary } = first;
    const airing = { page: 1, results: [{ ...summary, name: 'Renamed' }], total_pages: 1, total_results: 1 };
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(airing), expiresAt: 1, now: 1 });
    await view.emissions(3);
    expect(view.values[2]?.results[0]?.name).toBe('Renamed');
    view.stop();
  });

  it('touchRead marks what a read used, at most once an hour per record, and never re-runs the view', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    const people = await loadSample('popularPeople', 'person-popular.json');
    await writeResponse(db, { operation: 'popularPeople', params: {}, response: ok(people), expiresAt: 1, now: 0 });
    const entry = await readStoredEntry(db, 'popularPeople', {});
    const works = new Set(people.results.flatMap((p) => p.known_for.map((k) => `${k.media_type}:${k.id}`)));
    // The request key (for refresh order), the page row, every person, every known_for work.
    expect(new Set(entry?.refs).size).toBe(2 + people.results.length + works.size);
    expect(entry?.refs[0]).toBe('syncMeta/"popularPeople?page=1"');

    // Counts querier runs, not emissions: a run starts synchronously when Dexie decides a write concerns it.
    let viewRuns = 0;
    const view = record(() => {
      viewRuns++;
      return readStored(db, 'popularPeople', {});
    });
    const marks = record(() => db.readMarks.count());
    await Promise.all([view.emissions(1), marks.emissions(1)]);

    writes.reset();
    const refs = entry?.refs ?? [];
    expect(await touchRead(db, refs, 10_000)).toBe(new Set(refs).size);
    await marks.emissions(2);
    // Within the hour: no write at all. After it: written again.
    expect(await touchRead(db, refs, 10_000 + READ_MARK_INTERVAL_MS - 1)).toBe(0);
    expect(await touchRead(db, refs.slice(0, 2), 10_000 + READ_MARK_INTERVAL_MS)).toBe(2);
    await marks.emissions(3);
    expect(writes.rows).toEqual({ readMarks: new Set(refs).size + 2 });
    expect(await db.readMarks.get(refs[0] ?? '')).toEqual({ ref: refs[0], lastReadAt: 10_000 + READ_MARK_INTERVAL_MS });
    // The marks view saw the touches; the data view, which reads the same records, saw none of them.
    expect(viewRuns).toBe(1);
    expect(view.values).toHaveLength(1);
    view.stop();
    marks.stop();
  });
});
