import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ClosedError, isCatalogueError, QuotaExceededError } from '../../src/index.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { fullDiskFactory } from './support/full-disk.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

/** A signed-in catalogue with a list, a favorite and the configuration stored, on a disk that can fill up. */
async function signedIn() {
  const disk = fullDiskFactory(new IDBFactory());
  // While held, answers wait: a call that reached the network is in flight until the test lets it go.
  const network = { held: false, release: () => {}, requested: 0 };
  let released = Promise.resolve();
  const hold = () => {
    network.held = true;
    released = new Promise<void>((resolve) => {
      network.release = () => {
        network.held = false;
        resolve();
      };
    });
  };
  fixture = oneCatalogue({
    catalogue: {
      indexedDB: { indexedDB: disk.factory, IDBKeyRange },
      wrapFetch: (fetch) => async (input, init) => {
        if (network.held) {
          network.requested += 1;
          await released;
        }
        return fetch(input, init);
      },
    },
  });
  const { catalogue, service } = fixture;
  const session = service.control.createSession();
  await catalogue.setUser(session);
  const movies = service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = service.control.createList({ session_id: session.session_id, items });
  await catalogue.sync.pull('listDetails', { list_id });
  await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
  return { ...fixture, disk, network, hold, session, list_id, items };
}

type World = Awaited<ReturnType<typeof signedIn>>;

/** The run's figures (the reliability README quotes the last run's). */
const figures = { closes: 0, endedOk: 0, closedErrors: 0, other: 0, quotaPaths: 0, quotaTyped: 0 };
afterAll(() => {
  const f = figures;
  process.stdout.write(
    `[reliability] typed-errors: closes=${f.closes} ok=${f.endedOk} closedError=${f.closedErrors} other=${f.other} ` +
      `quotaPaths=${f.quotaPaths} quotaTyped=${f.quotaTyped}\n`,
  );
});

/** Every public call that reads or writes the store. */
const calls: [string, (w: World) => Promise<unknown>][] = [
  ['read', (w) => w.catalogue.read('trendingMovies', { time_window: 'day' })],
  ['sync.pull', (w) => w.catalogue.sync.pull('discoverTv', { page: 2 })],
  ['sync.pull (forced)', (w) => w.catalogue.sync.pull('trendingMovies', { time_window: 'day' }, { force: true })],
  ['sync.pullList', (w) => w.catalogue.sync.pullList('airingToday', {}, { pages: 2 })],
  ['sync.freshness', (w) => w.catalogue.sync.freshness('trendingMovies', { time_window: 'day' })],
  ['sync.refresh', (w) => w.catalogue.sync.refresh()],
  ['view.refresh', (w) => w.catalogue.view('discoverTv', { page: 3 }).refresh()],
  ['configuration', (w) => w.catalogue.configuration()],
  ['storage', (w) => w.catalogue.storage()],
  ['clear', (w) => w.catalogue.clear()],
  ['clear (user data)', (w) => w.catalogue.clear({ userData: true })],
  ['setUser', (w) => w.catalogue.setUser(w.service.control.createSession())],
  ['signOut', (w) => w.catalogue.signOut({ force: true })],
  ['lists.removeItem', (w) => w.catalogue.lists.removeItem({ list_id: w.list_id, media_id: w.items[0] as number })],
  [
    'account.addToWatchlist',
    (w) => w.catalogue.account.addToWatchlist({ media_type: 'movie', media_id: w.items[2] as number, watchlist: true }),
  ],
  [
    'account.markFavorite',
    (w) => w.catalogue.account.markFavorite({ media_type: 'movie', media_id: w.items[1] as number, favorite: true }),
  ],
  ['outbox.drain', (w) => w.catalogue.outbox.drain()],
  ['outbox.discard', (w) => w.catalogue.outbox.discard(1)],
];

/** How a call ended: 'ok', or the name of what it rejected with (and whether that is the library's own error). */
async function outcome(call: Promise<unknown>): Promise<string> {
  return call.then(
    () => 'ok',
    (error: unknown) => `${(error as Error)?.name}${isCatalogueError(error) ? '' : ' (not the library’s)'}`,
  );
}

/** Real event-loop turns: fake-indexeddb completes its requests on them, so each count closes at another await. */
const CLOSE_AFTER_TURNS = [0, 1, 2, 3, 5, 8, 13, 21];

function turns(count: number): Promise<void> {
  let chain = Promise.resolve();
  for (let turn = 0; turn < count; turn++) chain = chain.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return chain;
}

describe("calls in flight when the catalogue closes reject with the library's ClosedError", () => {
  it.each(calls)('%s, closed at every point of its work', async (name, call) => {
    const ended: string[] = [];
    let reachedNetwork = false;
    for (const count of CLOSE_AFTER_TURNS) {
      const w = await signedIn();
      w.hold();
      const started = outcome(call(w));
      await turns(count);
      reachedNetwork ||= w.network.requested > 0;
      await w.catalogue.close();
      // What was on the network answers only now, after the close.
      w.network.release();
      ended.push(await started);
      // And after the close, every call rejects with it.
      await expect(Promise.resolve().then(() => call(w))).rejects.toBeInstanceOf(ClosedError);
    }
    for (const end of ended) {
      figures.closes += 1;
      if (end === 'ok') figures.endedOk += 1;
      else if (end === 'ClosedError') figures.closedErrors += 1;
      else figures.other += 1;
    }
    for (const end of ended) expect(['ok', 'ClosedError']).toContain(end);
    // A call that waits for the network met the close in flight. A change only waits for its own write, and a
    // sign-out's only request is the revoke, made after everything local is done and best effort by design.
    if (reachedNetwork && !/^(lists\.|account\.|signOut)/.test(name)) expect(ended).toContain('ClosedError');
  });
});

describe("every write on a full disk rejects with the library's QuotaExceededError", () => {
  const writes = calls.filter(([name]) =>
    [
      'sync.pull',
      'sync.pull (forced)',
      'sync.pullList',
      'view.refresh',
      'configuration',
      'setUser',
      'lists.removeItem',
      'account.markFavorite',
      'account.addToWatchlist',
    ].includes(name),
  );
  it.each(writes)('%s', async (_name, call) => {
    const w = await signedIn();
    w.disk.control.full = true;
    const failure = await call(w).then(
      () => undefined,
      (error: unknown) => error,
    );
    w.disk.control.full = false;
    figures.quotaPaths += 1;
    if (failure instanceof QuotaExceededError) figures.quotaTyped += 1;
    expect(failure).toBeInstanceOf(QuotaExceededError);
    expect((failure as Error).name).toBe('QuotaExceededError');
  });
});
