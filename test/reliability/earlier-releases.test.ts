import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { type Catalogue, createCatalogue } from '../../src/create-catalogue.js';
import { createManualConnectivity } from '../../src/env.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL } from '../helpers/catalogue-world.js';
import { earlierRelease } from './support/earlier-release.js';

/**
 * Tabs of earlier releases beside this one, on one fake IndexedDB and one fake service: releases with the shared,
 * claimed outbox at schema 11, built from the repository's history. They keep their database at the name without
 * this release's suffix; this release adopts its users and outbox (see README, "Releases side by side"). Releases
 * from before the shared outbox: `earlier-database-adoption.test.ts`.
 */
const RELEASES = [
  ['dfde725', 'the first release at schema 11'],
  ['04223c9', 'the release this branch starts from'],
] as const;

const DB = 'earlier-releases';

/** The outbox rows of the database `name` (0 when there is none: never creates it). */
async function outboxRows(indexedDB: IDBFactory, name: string): Promise<number> {
  if (!(await indexedDB.databases()).some((info) => info.name === name)) return 0;
  return new Promise<number>((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('outbox')) {
        db.close();
        return resolve(0);
      }
      const count = db.transaction('outbox', 'readonly').objectStore('outbox').count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => reject(count.error);
    };
    request.onerror = () => reject(request.error);
  });
}
const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
});

describe('tabs of earlier releases beside this one: every change reaches the service as the user meant', () => {
  it.each(RELEASES)('%s (%s)', { timeout: 120_000 }, async (commit) => {
    const older = await earlierRelease(commit);
    const indexedDB = new IDBFactory();
    const clock = createVirtualClock(Date.UTC(2026, 10, 1));
    const service = createFakeService({ seed: 7, scale: 'small', clock, baseUrl: BASE_URL, rateLimit: false });
    const writes: string[] = [];
    const options = (connectivity: ReturnType<typeof createManualConnectivity>) => ({
      baseUrl: BASE_URL,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: (input: Request | string | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
        return service.fetch(request);
      },
      clock,
      connectivity,
      indexedDB: { indexedDB, IDBKeyRange },
      dbName: DB,
    });
    const newNet = createManualConnectivity(true);
    const oldNet = createManualConnectivity(true);
    // The earlier release's tab was there first, signed in, at the earlier name; this release adopts its user.
    const session = service.control.createSession();
    const old = older.createCatalogue(options(oldNet));
    opened.push(old);
    await old.setUser(session);
    const current = createCatalogue(options(newNet));
    opened.push(current);
    await current.auth.ready();
    expect(current.userScopeId).toBe(old.userScopeId);
    expect(current.userScopeId).toBeDefined();
    const series = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] })
      .results;
    const [a, b, c] = series.map((s) => s.id) as [number, number, number];
    const movies = (
      service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] }
    ).results.map((m) => m.id);
    const { list_id } = service.control.createList({ session_id: session.session_id, items: movies.slice(0, 4) });
    await current.sync.pull('listDetails', { list_id });

    // Offline in both tabs, the user changes things in one and takes some back in the other.
    newNet.setOnline(false);
    oldNet.setOnline(false);
    // A second apart: which of two tabs' changes came last is told by the clock (one clock, as on one device).
    const steps: (() => Promise<unknown>)[] = [
      () => current.account.markFavorite({ media_type: 'tv', media_id: a, favorite: true }),
      () => old.account.markFavorite({ media_type: 'tv', media_id: a, favorite: false }),
      () => old.account.markFavorite({ media_type: 'tv', media_id: b, favorite: true }),
      () => current.account.addToWatchlist({ media_type: 'tv', media_id: c, watchlist: true }),
      () => old.lists.removeItem({ list_id, media_id: movies[0] as number }),
      () => current.lists.removeItem({ list_id, media_id: movies[1] as number }),
      () => old.account.addToWatchlist({ media_type: 'tv', media_id: c, watchlist: false }),
      () => current.account.markFavorite({ media_type: 'tv', media_id: b, favorite: true }),
    ];
    for (const step of steps) {
      await step();
      await clock.advance(1_000);
    }

    // Both come online: the earlier release's changes are adopted here (held until any send of them from there is
    // over) and sent by this release; the earlier tab no longer finds its user to send for.
    oldNet.setOnline(true);
    newNet.setOnline(true);
    for (let step = 0; step < 900; step++) {
      await clock.advance(1_000);
      const left =
        (await outboxRows(indexedDB, DB)) + (await outboxRows(indexedDB, `${DB}${DATABASE_PROTOCOL_SUFFIX}`));
      if (left === 0) break;
    }

    const state = (series_id: number) =>
      service.control.groundTruth('tvAccountStates', { series_id, session_id: session.session_id }) as {
        favorite: boolean;
        watchlist: boolean;
      };
    expect(state(a).favorite).toBe(false);
    expect(state(b).favorite).toBe(true);
    expect(state(c).watchlist).toBe(false);
    expect(service.control.listItems(list_id)).toEqual(movies.slice(2, 4));
    process.stdout.write(
      `[reliability] earlier-releases: ${commit} changes=8 writes=${writes.length} ` +
        `remove_item=${writes.filter((w) => w.includes('remove_item')).length}\n`,
    );
    // Each change the user meant was sent at most once (a taken-back pair may cancel before it leaves).
    expect(writes.length).toBeLessThanOrEqual(8);
    expect(writes.filter((w) => w.includes('remove_item'))).toHaveLength(2);
  });
});
