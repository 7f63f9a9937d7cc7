import { describe, expect, it } from 'vitest';
import { readStored, writeResponse } from '../../src/store/index.js';
import { isCompleteRow, recordTables } from '../../src/store/tables/record-tables.js';
import { countReads, freshDatabase, loadSample, ok } from './store-fixtures.js';

const at = { expiresAt: 3_600_000, now: 0 };

describe('records merge across responses', () => {
  it('a known_for item (no popularity) does not erase the popularity trending stored', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingMovies', 'trending-movie-day.json');
    const people = await loadSample('popularPeople', 'person-popular.json');
    const shared = 646385; // in trending-movie-day and in a known_for of person-popular (real captures)
    const fromTrending = trending.results.find((movie) => movie.id === shared);
    const knownFor = people.results.flatMap((p) => p.known_for).find((item) => item.id === shared);
    expect(fromTrending?.popularity).toEqual(expect.any(Number));
    expect(knownFor).toBeDefined();
    expect(knownFor && 'popularity' in knownFor).toBe(false);

    await writeResponse(db, {
      operation: 'trendingMovies',
      params: { time_window: 'day' },
      response: ok(trending),
      ...at,
    });
    await writeResponse(db, { operation: 'popularPeople', params: {}, response: ok(people), ...at });

    const row = await db.movies.get(shared);
    expect(row?.popularity).toBe(fromTrending?.popularity);
    // The later response's values win where it has them.
    expect(row?.vote_count).toBe(knownFor?.vote_count);
    // Both lists still read back with their own membership and order.
    const trendingBack = await readStored(db, 'trendingMovies', { time_window: 'day' });
    expect(trendingBack?.results.map((m) => m.id)).toEqual(trending.results.map((m) => m.id));
    expect(trendingBack?.results.find((m) => m.id === shared)?.popularity).toBe(fromTrending?.popularity);
    const peopleBack = await readStored(db, 'popularPeople', {});
    expect(peopleBack?.results.map((p) => p.known_for.map((k) => [k.media_type, k.id]))).toEqual(
      people.results.map((p) => p.known_for.map((k) => [k.media_type, k.id])),
    );
  });

  it('a summary lacking fields (adult, softcore) keeps the values a fuller response stored', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingTv', 'trending-tv-week.json');
    const first = trending.results[0];
    if (!first) throw new Error('sample has no results');
    expect(first).toHaveProperty('softcore');
    await writeResponse(db, {
      operation: 'trendingTv',
      params: { time_window: 'week' },
      response: ok(trending),
      ...at,
    });
    // An older-style airing-today item: no adult, no softcore, a newer name.
    const { media_type: _m, adult: _a, softcore: _s, ...older } = first;
    const airing = { page: 1, results: [{ ...older, name: 'Renamed' }], total_pages: 1, total_results: 1 };
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(airing), ...at });

    expect(await db.tvSeries.get(first.id)).toMatchObject({
      adult: first.adult,
      softcore: first.softcore,
      name: 'Renamed',
    });
    expect(await readStored(db, 'airingToday', {})).toStrictEqual({
      ...airing,
      results: [{ ...older, name: 'Renamed', adult: first.adult, softcore: first.softcore }],
    });
  });

  it('reads stored rows only for incomplete rows: a row with every field of its table needs no merge', async () => {
    const db = freshDatabase();
    const reads = countReads(db);
    const trending = await loadSample('trendingTv', 'trending-tv-week.json'); // adult and softcore on every item
    await writeResponse(db, {
      operation: 'trendingTv',
      params: { time_window: 'week' },
      response: ok(trending),
      ...at,
    });
    expect(reads.tvSeries ?? 0).toBe(0);
    const airing = await loadSample('airingToday', 'tv-airing-today.json'); // no adult, no softcore
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(airing), ...at });
    expect(reads.tvSeries).toBe(airing.results.length);
  });

  it('a row is complete only with every field the table holds: a future detail field makes summaries merge', () => {
    const spec = recordTables.tvSeries;
    const row = { ...Object.fromEntries([...(spec.fields?.() ?? [])].map((f) => [f, null])) };
    expect(isCompleteRow(spec, row)).toBe(true);
    const { softcore: _s, ...lacking } = row;
    expect(isCompleteRow(spec, lacking)).toBe(false);
    const withDetails = { ...spec, fields: () => [...(spec.fields?.() ?? []), 'number_of_seasons'] };
    expect(isCompleteRow(withDetails, row)).toBe(false);
    expect(isCompleteRow(recordTables.seasons, row)).toBe(false);
  });

  it('season images and season credits share a row without erasing each other, per image variant', async () => {
    const db = freshDatabase();
    const credits = await loadSample('seasonCredits', 'tv-season-credits.tmdblib.json');
    const images = await loadSample('seasonImages', 'tv-season-images.tmdblib.json');
    const season = { series_id: 1396, season_number: 1 };
    const english = { ...season, include_image_language: 'en,null' };
    const onlyFirst = { ...images, posters: images.posters.slice(0, 1) };

    await writeResponse(db, { operation: 'seasonImages', params: english, response: ok(images), ...at });
    await writeResponse(db, { operation: 'seasonCredits', params: season, response: ok(credits), ...at });
    await writeResponse(db, { operation: 'seasonImages', params: season, response: ok(onlyFirst), ...at });

    expect(await db.seasons.count()).toBe(1);
    expect(await readStored(db, 'seasonCredits', season)).toStrictEqual(credits);
    expect(await readStored(db, 'seasonImages', english)).toStrictEqual(images);
    expect(await readStored(db, 'seasonImages', season)).toStrictEqual(onlyFirst);
  });

  it('an episode and a movie embedded in tagged images land in their tables and read back in place', async () => {
    const db = freshDatabase();
    const tagged = await loadSample('personTaggedImages', 'person-tagged-images.tmdblib.json');
    await writeResponse(db, {
      operation: 'personTaggedImages',
      params: { person_id: 31, page: 1 },
      response: ok(tagged),
      ...at,
    });
    const episode = tagged.results.find((image) => image.media_type === 'episode');
    expect(episode).toBeDefined();
    expect(await db.episodes.get(episode?.media.id ?? -1)).not.toHaveProperty('media_type');
    expect(await db.taggedImages.get(episode?.id ?? '')).toMatchObject({
      media_type: 'episode',
      media_id: episode?.media.id,
    });
    expect(await db.movies.count()).toBe(
      new Set(tagged.results.filter((i) => i.media_type === 'movie').map((i) => i.media.id)).size,
    );
    // Keyed by the requested page although the service claimed page 0, and served back as page 0.
    expect(await db.listPages.get(['personTaggedImages?person_id=31', 1])).toMatchObject({ servedPage: 0 });
    expect((await readStored(db, 'personTaggedImages', { person_id: 31 }))?.page).toBe(0);
  });
});

describe('list pages that share records', () => {
  it('trending then airing today with the same series: each list reads back as served', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingTv', 'trending-tv-day.json');
    // Airing today lists summaries without media_type, in its own order, with its own totals.
    const airing = {
      page: 1,
      results: trending.results
        .slice(0, 12)
        .reverse()
        .map(({ media_type: _m, ...series }) => series),
      total_pages: 3,
      total_results: 52,
    };
    await writeResponse(db, { operation: 'trendingTv', params: { time_window: 'day' }, response: ok(trending), ...at });
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(airing), ...at });

    expect(await readStored(db, 'trendingTv', { time_window: 'day' })).toStrictEqual(trending);
    expect(await readStored(db, 'airingToday', { page: 1 })).toStrictEqual(airing);
    expect(await db.tvSeries.count()).toBe(trending.results.length);
  });

  it('real airing-today and discover captures overlap: order and totals stay as served, values are the latest', async () => {
    const db = freshDatabase();
    const airing = await loadSample('airingToday', 'tv-airing-today.json');
    const discover = await loadSample('discoverTv', 'discover-tv.json');
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(airing), ...at });
    await writeResponse(db, { operation: 'discoverTv', params: {}, response: ok(discover), ...at });

    expect(await readStored(db, 'discoverTv', {})).toStrictEqual(discover);
    const back = await readStored(db, 'airingToday', {});
    expect(back?.results.map((s) => s.id)).toEqual(airing.results.map((s) => s.id));
    expect({ ...back, results: [] }).toStrictEqual({ ...airing, results: [] });
    const latest = new Map(discover.results.map((s) => [s.id, s]));
    for (const [i, series] of (back?.results ?? []).entries()) {
      expect(series).toStrictEqual(latest.get(series.id) ?? airing.results[i]);
    }
  });

  it('an id repeated on a page (drifting pages) is stored once and served twice, in place', async () => {
    const db = freshDatabase();
    const discover = await loadSample('discoverTv', 'discover-tv.json');
    const [a, b] = discover.results;
    if (!a || !b) throw new Error('sample too short');
    const drifted = { ...discover, results: [a, b, a] };
    await writeResponse(db, { operation: 'discoverTv', params: { page: 3 }, response: ok(drifted), ...at });
    expect(await db.tvSeries.count()).toBe(2);
    expect(await readStored(db, 'discoverTv', { page: 3 })).toStrictEqual(drifted);
    expect(await readStored(db, 'discoverTv', { page: 2 })).toBeUndefined();
  });

  it('a trending item that carried media_type keeps it; an airing-today item that carried one keeps it too', async () => {
    const db = freshDatabase();
    const airing = await loadSample('airingToday', 'tv-airing-today.json');
    const [first, ...rest] = airing.results;
    if (!first) throw new Error('sample empty');
    const mixed = { ...airing, results: [{ ...first, media_type: 'tv' as const }, ...rest] };
    await writeResponse(db, { operation: 'airingToday', params: {}, response: ok(mixed), ...at });
    expect(await db.tvSeries.get(first.id)).not.toHaveProperty('media_type');
    expect(await readStored(db, 'airingToday', {})).toStrictEqual(mixed);
  });
});
