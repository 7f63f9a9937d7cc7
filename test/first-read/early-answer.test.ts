import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '../../src/api/calls.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { endpoints } from '../../src/api/endpoints.js';
import { STORED_OPERATIONS } from '../../src/api/stored-operations.js';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { isSchemaValidationError } from '../../src/errors/index.js';
import { writtenBy } from '../../src/store/write/rebase-mutations.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { FAKE_ACCESS_TOKEN, type FakeService } from '../../src/testing/index.js';
import { BASE_URL, type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { hasCore } from '../helpers/has-core.js';
import { record, settle, until } from '../query/view-helpers.js';

/**
 * A cold first visit (this load created the first answers' database): a view with nothing stored sends its request
 * before the core has loaded, shows the validated answer, and the core adopts that flight: one request per key,
 * stored as it was shown, with no visible change when the live read takes over.
 */

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

const idOf = (service: FakeService, operation: 'trendingTv' | 'trendingMovies' | 'popularPeople') =>
  (
    service.control.groundTruth(operation, (operation === 'popularPeople' ? {} : { time_window: 'day' }) as never) as {
      results: { id: number }[];
    }
  ).results[0]?.id as number;

/** Parameters for every public stored operation, from what the fake holds. */
function publicParams(service: FakeService): Record<string, Record<string, unknown>> {
  const tv = idOf(service, 'trendingTv');
  const movie = idOf(service, 'trendingMovies');
  const person = idOf(service, 'popularPeople');
  const episode = service.control.episodeId({ series_id: tv, season_number: 1, episode_number: 1 }) as number;
  return {
    trendingTv: { time_window: 'day' },
    trendingMovies: { time_window: 'week' },
    airingToday: {},
    discoverTv: {},
    seasonCredits: { series_id: tv, season_number: 1 },
    seasonImages: { series_id: tv, season_number: 1 },
    episodeChanges: { episode_id: episode },
    movieVideos: { movie_id: movie },
    popularPeople: {},
    personExternalIds: { person_id: person },
    personTaggedImages: { person_id: person },
    personTranslations: { person_id: person },
    configuration: {},
    seasonDetails: { series_id: tv, season_number: 1 },
    movieDetails: { movie_id: movie },
    tvSeriesDetails: { series_id: tv },
    personDetails: { person_id: person },
    searchMulti: { query: nameWord(service, 'trendingTv') },
    searchTv: { query: nameWord(service, 'trendingTv') },
    searchMovies: { query: nameWord(service, 'trendingMovies') },
    searchPeople: { query: nameWord(service, 'popularPeople') },
  };
}

/** The first word of the first listed record's name: a search for it finds that record. */
function nameWord(service: FakeService, operation: 'trendingTv' | 'trendingMovies' | 'popularPeople'): string {
  const truth = service.control.groundTruth(
    operation,
    (operation === 'popularPeople' ? {} : { time_window: 'day' }) as never,
  ) as { results: { name?: string; title?: string }[] };
  const first = truth.results[0];
  return String(first?.name ?? first?.title).split(' ')[0] as string;
}

/** A fetch that notes, per request, whether the catalogue's core had arrived when it was sent. */
function notingCore(sent: { path: string; core: boolean }[], catalogue: () => Catalogue | undefined) {
  return (fetch: FetchLike): FetchLike =>
    (input, init) => {
      const opened = catalogue();
      sent.push({ path: new URL(String(input)).pathname, core: opened !== undefined && hasCore(opened) });
      return fetch(input, init);
    };
}

describe('a cold first visit: the view’s request before the core', () => {
  it('starts before the core arrives, shows the validated answer, and is never sent again', async () => {
    world = catalogueWorld();
    const sent: { path: string; core: boolean }[] = [];
    let catalogue: Catalogue | undefined;
    catalogue = world.open({ wrapFetch: notingCore(sent, () => catalogue) });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const shown = await until(world.clock, view, (s) => s.data !== undefined);
    const truth = endpoints.trendingTv.response.parse(
      world.service.control.groundTruth('trendingTv', { time_window: 'day' }),
    );
    expect(shown).toMatchObject({ status: 'fresh', fetching: false, error: undefined });
    expect(shown.data).toStrictEqual(truth);
    expect(sent).toStrictEqual([{ path: '/3/trending/tv/day', core: false }]);

    // The core arrives, adopts the flight and stores it; the live read takes over with no change at all.
    await catalogue.auth.ready();
    await until(world.clock, view, () => hasCore(catalogue as Catalogue));
    await settle(world.clock);
    await world.settle(60_000);
    expect(await catalogue.read('trendingTv', { time_window: 'day' })).toStrictEqual(truth);
    expect(view.getSnapshot()).toBe(shown);
    expect(seen.snapshots.map((s) => s.status)).toStrictEqual(['loading', 'fresh']);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    // The adopted request held a place in the queue's rate window like any other.
    expect(catalogue.queueStats.sent).toBe(1);
    seen.stop();
  });

  it('a pages view: page 1 before the core, adopted, and page 2 through the engine', async () => {
    world = catalogueWorld();
    const sent: { path: string; core: boolean }[] = [];
    let catalogue: Catalogue | undefined;
    catalogue = world.open({ wrapFetch: notingCore(sent, () => catalogue) });
    const view = catalogue.pages('popularPeople');
    const seen = record(view);
    const first = await until(world.clock, view, (s) => s.data !== undefined);
    expect(first).toMatchObject({ status: 'fresh', pageCount: 1, hasNextPage: true });
    expect(sent).toStrictEqual([{ path: '/3/person/popular', core: false }]);
    await view.fetchNextPage();
    const two = await until(
      world.clock,
      view,
      (s) => s.pageCount === 2 && s.status === 'fresh' && !s.fetching && !s.fetchingNextPage,
    );
    expect(two.data?.results.length).toBe(40);
    expect(sent.map((s) => s.core)).toStrictEqual([false, true]);
    expect(world.service.log.count({ operation: 'popularPeople' })).toBe(2);
    seen.stop();
  });

  it('an answer that fails validation shows nothing of it, is not sent again, and is quarantined', async () => {
    world = catalogueWorld();
    const corrupt =
      (fetch: FetchLike): FetchLike =>
      async (input, init) => {
        const response = await fetch(input, init);
        const body = (await response.json()) as { results: { id: unknown }[] };
        (body.results[0] as { id: unknown }).id = 'not a number';
        const headers = new Headers(response.headers);
        headers.delete('content-length');
        return new Response(JSON.stringify(body), { status: response.status, headers });
      };
    const catalogue = world.open({ wrapFetch: corrupt });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const failed = await until(world.clock, view, (s) => s.error !== undefined);
    await world.settle(60_000);
    expect(failed.data).toBeUndefined();
    expect(isSchemaValidationError(failed.error)).toBe(true);
    expect(seen.snapshots.every((s) => s.data === undefined)).toBe(true);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    expect(await databaseOf(catalogue).quarantine.count()).toBe(1);
    seen.stop();
  });

  it('a failure the queue would retry (the network) is sent again through the queue, once the core is there', async () => {
    world = catalogueWorld();
    let failures = 1;
    const flaky =
      (fetch: FetchLike): FetchLike =>
      (input, init) => {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new TypeError('Failed to fetch'));
        }
        return fetch(input, init);
      };
    const catalogue = world.open({ wrapFetch: flaky });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const shown = await until(world.clock, view, (s) => s.status === 'fresh' && !s.fetching, { maxMs: 60_000 });
    expect(shown.data?.results.length).toBe(20);
    expect(seen.snapshots.some((s) => s.error !== undefined)).toBe(false);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    seen.stop();
  });

  it('a 404 is the answer: shown as the error, never sent again', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    const view = catalogue.movieDetails({ movie_id: 987_654_321 });
    const seen = record(view);
    const failed = await until(world.clock, view, (s) => s.status !== 'loading' && !s.fetching);
    await world.settle(60_000);
    expect(failed).toMatchObject({ status: 'missing', data: undefined, error: { status: 404 } });
    expect(world.service.log.count({ operation: 'movieDetails' })).toBe(1);
    seen.stop();
  });

  it('no early request offline, on a warm visit, or for a list a pending change may act on', async () => {
    // Offline: the view waits for the core and its queue, which waits for the network.
    world = catalogueWorld();
    world.connectivity.setOnline(false);
    const offline = world.open();
    const waiting = record(offline.trendingTv({ time_window: 'day' }));
    await offline.auth.ready();
    await world.settle(1_000);
    expect(world.urls).toStrictEqual([]);
    waiting.stop();
    await world.closeAll();

    // Warm: this load did not create the first answers' database, so the core decides (after its read).
    world.connectivity.setOnline(true);
    const sent: { path: string; core: boolean }[] = [];
    let warm: Catalogue | undefined;
    warm = world.open({ wrapFetch: notingCore(sent, () => warm) });
    const seen = record(warm.trendingMovies({ time_window: 'day' }));
    await until(world.clock, warm.trendingMovies({ time_window: 'day' }), (s) => s.status === 'fresh');
    expect(sent).toStrictEqual([{ path: '/3/trending/movie/day', core: true }]);
    seen.stop();
  });

  it('listDetails waits for the core, which puts pending changes on top', async () => {
    world = catalogueWorld();
    const { session_id } = world.service.control.createSession();
    const { list_id } = world.service.control.createList({
      session_id,
      items: [idOf(world.service, 'trendingMovies')],
    });
    const sent: { path: string; core: boolean }[] = [];
    let catalogue: Catalogue | undefined;
    catalogue = world.open({ wrapFetch: notingCore(sent, () => catalogue) });
    const view = catalogue.listDetails({ list_id });
    const seen = record(view);
    await until(world.clock, view, (s) => s.status === 'fresh');
    expect(sent).toStrictEqual([{ path: `/3/list/${list_id}`, core: true }]);
    seen.stop();
  });
});

describe('what a view shows early is what the engine then stores and shows', () => {
  it('every public stored operation on a cold visit: sent before the core and once, shown, and stored as shown', async () => {
    const operations = STORED_OPERATIONS.filter((o) => calls[o].scope === 'public' && o !== 'listDetails');
    for (const operation of operations) {
      world = catalogueWorld();
      const sent: { path: string; core: boolean }[] = [];
      let catalogue: Catalogue | undefined;
      catalogue = world.open({ wrapFetch: notingCore(sent, () => catalogue) });
      const given = publicParams(world.service)[operation] as never;
      const view = catalogue.view(operation, given);
      const seen = record(view);
      const shown = await until(world.clock, view, (s) => s.data !== undefined);
      await world.settle(1_000);
      // The adopted write may settle before the view's first live read answers, a read taken before that write:
      // the engine reads again rather than send the request a second time.
      expect(sent, operation).toStrictEqual([{ path: sent[0]?.path, core: false }]);
      expect(await catalogue.read(operation as never, given), operation).toStrictEqual(shown.data);
      expect(view.getSnapshot().data, operation).toStrictEqual(shown.data);
      seen.stop();
      await world.closeAll();
    }
  });

  it('every public stored operation: the validated answer equals what the store reads back', async () => {
    // Eager: the store is read right after each pull, with no first-read stage (nor early request) in between.
    world = catalogueWorld({ door: 'eager' });
    const { service } = world;
    const params = publicParams(service);
    const client = createApiClient({
      baseUrl: BASE_URL,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: (input, init) => service.fetch(new Request(input, init)),
    });
    const catalogue = world.open();
    const early = STORED_OPERATIONS.filter((o) => calls[o].scope === 'public' && o !== 'listDetails');
    expect(early.filter((o) => !(o in params))).toStrictEqual([]);
    for (const operation of early) {
      const given = params[operation] as never;
      const call = prepareCall(operation, given, { language: 'en-US', user: undefined });
      const answer = await client.send(call.request);
      await catalogue.sync.pull(operation, given);
      expect(await catalogue.read(operation, given), operation).toStrictEqual(answer.data);
      // Two requests an operation: a second apart, the whole list stays within the service's rate limit.
      await world.settle(1_000);
    }
  });

  it('no public answer but listDetails has pending changes put on top of it (so only it waits for the core)', () => {
    const rebased = STORED_OPERATIONS.filter(
      (o) => calls[o].scope === 'public' && writtenBy(o, { list_id: 1, series_id: 1 }, undefined) !== undefined,
    );
    expect(rebased).toStrictEqual(['listDetails']);
  });
});
