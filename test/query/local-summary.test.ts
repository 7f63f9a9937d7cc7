/**
 * `catalogue.local.summary(kind, id)`: the stored summary a list brought of a title or person, read from the
 * device alone (a detail screen's placeholder while its details are not stored), live, and never a request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalView } from '../../src/index.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { record, until } from './view-helpers.js';

let world: CatalogueWorld | undefined;

afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

describe('local.summary', () => {
  it('reads what a list stored of a series, a movie and a person, offline, with no request', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await catalogue.sync.pull('popularPeople', {});
    const series = (await catalogue.read('trendingTv', { time_window: 'day' }))?.results[0];
    const movie = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results[0];
    const person = (await catalogue.read('popularPeople', {}))?.results[0];
    if (!series || !movie || !person) throw new Error('the fake served empty lists');
    world.connectivity.setOnline(false);
    const sent = world.service.log.count();

    for (const [view, expected] of [
      [catalogue.local.summary('tv', series.id), { id: series.id, name: series.name, overview: series.overview }],
      [
        catalogue.local.summary('movie', movie.id),
        { id: movie.id, title: movie.title, poster_path: movie.poster_path },
      ],
      [catalogue.local.summary('person', person.id), { id: person.id, name: person.name }],
    ] as const) {
      const seen = record(view as LocalView<unknown>);
      const shown = await until(world.clock, view as LocalView<unknown>, (snapshot) => snapshot.status === 'fresh');
      expect(shown.data).toMatchObject(expected);
      seen.stop();
    }
    expect(world.service.log.count()).toBe(sent);
  });

  it('is undefined for a title no list brought, and fills in when one does (live)', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    const truth = world.service.control.groundTruth('trendingTv', { time_window: 'week' } as never) as {
      results: { id: number; name: string }[];
    };
    const series = truth.results[0];
    if (!series) throw new Error('the fake served an empty list');
    const view = catalogue.local.summary('tv', series.id);
    const seen = record(view);
    const before = await until(world.clock, view, (snapshot) => snapshot.status === 'fresh');
    expect(before.data).toBeUndefined();
    await catalogue.sync.pull('trendingTv', { time_window: 'week' });
    const after = await until(world.clock, view, (snapshot) => snapshot.data !== undefined);
    expect(after.data).toMatchObject({ id: series.id, name: series.name });
    seen.stop();
  });

  it('refuses a kind it does not know or an id that is not a positive integer, at once', () => {
    world = catalogueWorld();
    const catalogue = world.open();
    expect(() => catalogue.local.summary('episode' as never, 1)).toThrow(TypeError);
    expect(() => catalogue.local.summary('tv', 0)).toThrow(TypeError);
    expect(() => catalogue.local.summary('tv', 1.5)).toThrow(TypeError);
  });
});
