import { afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { reliabilityWorldOptions } from '../helpers/reliability-world-options.js';
import { watchUnhandledRejections } from '../helpers/watch-unhandled-rejections.js';
import { seededRandom } from '../support/seeded-random.js';
import { printFigures } from './support/figures.js';
import { Intent, randomMutation, type ScriptPools, type ScriptUser } from './support/mutation-script.js';
import { matchesRows, WriteLedger, writeKeyOf } from './support/write-ledger.js';

const MUTATIONS = 200;
const SEEDS = [1, 2, 3];
const RATES = { error: 0.15, resetBefore: 0.1, resetAfter: 0.1 };

let open: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of open) await catalogue.close();
  open = [];
});

interface AccountsWorld {
  readonly world: CatalogueWorld;
  readonly users: ScriptUser[];
  readonly pools: ScriptPools;
}

/** Two accounts (each with a list of six movies) and a guest, on a fresh service. */
function accountsWorld(seed: number): AccountsWorld {
  const world = catalogueWorld(
    reliabilityWorldOptions(seed, { service: { scale: 'small', rateLimit: false }, dbName: 'catalogue-outbox-faults' }),
  );
  const { control } = world.service;
  const movies = (control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] })
    .results;
  const users: ScriptUser[] = ['a', 'b'].map((label, i) => {
    const session = control.createSession();
    const items = movies.slice(i * 6, i * 6 + 6).map((m) => m.id);
    const { list_id } = control.createList({ session_id: session.session_id, items });
    return { label, credentials: session, list: { list_id, items } };
  });
  users.push({ label: 'guest', credentials: control.createGuestSession() });
  const series = control
    .allSeries()
    .filter((s) => s.adult !== true)
    .slice(0, 4)
    .map((s) => s.id as number);
  const episodes = [1, 2, 3].filter(
    (episode_number) =>
      control.episodeId({ series_id: series[0] as number, season_number: 1, episode_number }) !== undefined,
  );
  return { world, users, pools: { series, episodes } };
}

function credentialOf(user: ScriptUser): string {
  return 'session_id' in user.credentials ? user.credentials.session_id : user.credentials.guest_session_id;
}

/** The service's state now for everything the intent names, next to the intent itself. */
function serverState(world: CatalogueWorld, users: readonly ScriptUser[], pools: ScriptPools, intent: Intent) {
  const { control } = world.service;
  const actual: Record<string, unknown> = {};
  const wanted: Record<string, unknown> = {};
  for (const user of users) {
    const credentials =
      'session_id' in user.credentials ? { session_id: user.credentials.session_id } : user.credentials;
    for (const series_id of pools.series) {
      const state = control.groundTruth('tvAccountStates', { series_id, ...credentials }) as {
        favorite: boolean;
        rated: unknown;
        watchlist?: boolean;
      };
      const key = Intent.key(user, series_id);
      actual[`${key} rated`] = state.rated;
      wanted[`${key} rated`] = intent.seriesRating.get(key) ?? false;
      if ('session_id' in user.credentials) {
        actual[`${key} favorite`] = state.favorite;
        wanted[`${key} favorite`] = intent.favorite.get(key) ?? false;
        actual[`${key} watchlist`] = state.watchlist;
        wanted[`${key} watchlist`] = intent.watchlist.get(key) ?? false;
      }
    }
    for (const episode_number of pools.episodes) {
      const series_id = pools.series[0] as number;
      const state = control.groundTruth('episodeAccountStates', {
        series_id,
        season_number: 1,
        episode_number,
        ...credentials,
      }) as { rated: unknown };
      const key = Intent.key(user, `${series_id}x${episode_number}`);
      actual[`${key} rated`] = state.rated;
      wanted[`${key} rated`] = intent.episodeRating.get(key) ?? false;
    }
    if (user.list) {
      const removed = intent.removed.get(user.label) ?? new Set<number>();
      actual[`${user.label} list`] = control.listItems(user.list.list_id);
      wanted[`${user.label} list`] = user.list.items.filter((id) => !removed.has(id));
    }
  }
  return { actual, wanted };
}

describe('outbox under faults: 200 random changes, flapping network, reloads', () => {
  it.each(SEEDS)(
    'seed %i: each effective change reaches the service once in effect, in order per user',
    async (seed) => {
      const rejections = watchUnhandledRejections();
      try {
        const { world, users, pools } = accountsWorld(seed);
        const random = seededRandom(seed * 31 + 7);
        const ledger = new WriteLedger(RATES, seededRandom(seed * 131 + 3));
        for (const user of users) ledger.users.set(credentialOf(user), user.label);
        const scopeOf = new Map<string, ScriptUser>();
        const failed: unknown[] = [];
        const sentSeqs = new Set<number>();
        const openCatalogue = () => {
          const catalogue = world.open({ wrapFetch: (fetch) => ledger.wrap(fetch), retry: { attempts: 2 } });
          catalogue.on('mutationFailed', (event) => failed.push(event));
          catalogue.on('mutationSent', (event) => sentSeqs.add(event.seq));
          open.push(catalogue);
          return catalogue;
        };
        let catalogue = openCatalogue();
        // The lists are stored first (what a removal acts on), with the network whole.
        ledger.faultsOn = false;
        for (const user of users) {
          await catalogue.setUser(user.credentials);
          scopeOf.set(catalogue.userScopeId as string, user);
          if (user.list) await world.clock.runUntil(catalogue.sync.pull('listDetails', { list_id: user.list.list_id }));
          // Half of the series' states are stored (their baseline is known, so a change back cancels); the rest not.
          for (const series_id of pools.series.slice(0, 2)) {
            await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id }));
          }
        }
        ledger.faultsOn = true;

        const intent = new Intent();
        /**
         * Each row's change as it stood every time it was seen pending before going online (changes are made only
         * offline, so these are all the values a send of it can carry), and its user scope.
         */
        const versions = new Map<number, string[]>();
        const scopes = new Map<number, string>();
        const figures = { reloads: 0, reloadsOnline: 0, flaps: 0, outcomes: {} as Record<string, number> };
        const reload = async () => {
          await catalogue.close();
          catalogue = openCatalogue();
          await catalogue.auth.ready();
          figures.reloads += 1;
        };
        let done = 0;
        while (done < MUTATIONS) {
          // Offline, and the send in flight (if any) finished: nothing is in flight while changes are made, so what the
          // outbox keeps pending below is exactly what its coalescing leaves to send.
          world.connectivity.setOnline(false);
          figures.flaps += 1;
          await world.settle(100);
          if (random() < 0.3) await reload();
          for (let n = 1 + Math.floor(random() * 12); n > 0 && done < MUTATIONS; n--, done++) {
            if (random() < 0.25)
              await catalogue.setUser((users[Math.floor(random() * users.length)] as ScriptUser).credentials);
            const user = scopeOf.get(catalogue.userScopeId as string) as ScriptUser;
            const receipt = await randomMutation(catalogue, user, pools, intent, random);
            figures.outcomes[receipt.outcome] = (figures.outcomes[receipt.outcome] ?? 0) + 1;
          }
          for (const row of await databaseOf(catalogue).outbox.where('state').equals('pending').toArray()) {
            const user = scopeOf.get(row.userScope) as ScriptUser;
            const seq = row.seq as number;
            const keys = versions.get(seq) ?? [];
            const key = writeKeyOf(row, credentialsOf(user));
            if (keys.at(-1) !== key) keys.push(key);
            versions.set(seq, keys);
            scopes.set(seq, row.userScope);
          }
          world.connectivity.setOnline(true);
          // Online for a random while: the drain may finish, or be cut by the next flap or a reload mid-send.
          await world.settle(Math.floor(random() * 3_000));
          if (random() < 0.15) {
            await reload();
            figures.reloadsOnline += 1;
            await world.settle(Math.floor(random() * 2_000));
          }
        }
        // The network stays up (faults still on) until the outbox is empty.
        world.connectivity.setOnline(true);
        for (let round = 0; round < 40 && (await databaseOf(catalogue).outbox.count()) > 0; round++) {
          await world.clock.runUntil(catalogue.outbox.drain());
          await world.settle(5_000);
        }
        expect(await databaseOf(catalogue).outbox.count()).toBe(0);
        expect(failed).toEqual([]);

        // Final state: the service holds what the user meant, change by change.
        const { actual, wanted } = serverState(world, users, pools, intent);
        expect(actual).toEqual(wanted);

        // Exactly once in effect, in order per user: the writes the service handled, per user, are the effective rows
        // in outbox order, each possibly repeated when its answer was lost (a reset after the commit, or a reload while
        // it was on the wire) — a repeat may carry the row's earlier value if the user changed it meanwhile (coalescing)
        // — and each row's last write is its final value. Nothing else in between, nothing reordered.
        for (const user of users) {
          const rows = [...versions.entries()]
            .filter(([seq]) => sentSeqs.has(seq) && scopeOf.get(scopes.get(seq) as string) === user)
            .sort(([a], [b]) => a - b)
            .map(([, keys]) => keys);
          const handled = ledger.handled.filter((w) => w.user === user.label).map((w) => w.key);
          expect(matchesRows(handled, rows), `${user.label}: ${JSON.stringify({ handled, rows }, null, 1)}`).toBe(true);
        }
        // Every row that was sent was effective (nothing sent that coalescing had folded away).
        expect([...sentSeqs].every((seq) => versions.has(seq))).toBe(true);
        // The ledger saw what the service's own log saw: every write that reached it, nothing more.
        expect(ledger.handled.length).toBe(world.service.log.entries().filter((e) => e.method !== 'GET').length);
        const repeats = ledger.handled.length - sentSeqs.size;
        expect(repeats).toBeLessThanOrEqual(ledger.injected.resetAfter + figures.reloadsOnline);
        expect(ledger.injected.resetAfter).toBeGreaterThan(0);
        expect(figures.reloads).toBeGreaterThan(0);
        expect(figures.outcomes.coalesced ?? 0).toBeGreaterThan(0);
        expect(figures.outcomes.cancelled ?? 0).toBeGreaterThan(0);

        printFigures(
          `[reliability] outbox seed ${seed}: mutations=${MUTATIONS} (${Object.entries(figures.outcomes)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')}) effective=${sentSeqs.size} writes handled=${ledger.handled.length} ` +
            `faults=${ledger.injected.error + ledger.injected.resetBefore + ledger.injected.resetAfter} ` +
            `(error=${ledger.injected.error} reset-before=${ledger.injected.resetBefore} reset-after-commit=${ledger.injected.resetAfter}) ` +
            `replays=${repeats} flaps=${figures.flaps} reloads=${figures.reloads} lost=0`,
        );
        expect(rejections.reasons).toEqual([]);
      } finally {
        rejections.stop();
      }
    },
  );
});

function credentialsOf(user: ScriptUser): Record<string, unknown> {
  return 'session_id' in user.credentials ? { session_id: user.credentials.session_id } : user.credentials;
}

describe('outbox: a change back cancels the pending one only when nothing of it can have landed', () => {
  /** One account on a fresh service, a catalogue over the ledger, and a series whose state may be stored. */
  async function single(storeState: boolean) {
    const { world, users } = accountsWorld(9);
    const user = users[0] as ScriptUser;
    const ledger = new WriteLedger({ error: 0, resetBefore: 0, resetAfter: 1 }, () => 0);
    ledger.users.set(credentialOf(user), user.label);
    ledger.faultsOn = false;
    const catalogue = world.open({ wrapFetch: (fetch) => ledger.wrap(fetch), retry: { attempts: 2 } });
    open.push(catalogue);
    await catalogue.setUser(user.credentials);
    const series = world.service.control.allSeries()[2]?.id as number;
    if (storeState) await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
    const favorite = () =>
      (
        world.service.control.groundTruth('tvAccountStates', { series_id: series, ...credentialsOf(user) }) as {
          favorite: boolean;
        }
      ).favorite;
    return { world, catalogue, ledger, series, favorite };
  }

  it('after an attempt whose answer was lost (the service committed it), taking the change back is sent', async () => {
    const { world, catalogue, ledger, series, favorite } = await single(true);
    ledger.faultsOn = true;
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await world.settle(200);
    // Both attempts reached the service and lost their answer: the row waits, the service has the favorite.
    expect(ledger.injected.resetAfter).toBeGreaterThan(0);
    expect(favorite()).toBe(true);
    const [row] = await databaseOf(catalogue).outbox.toArray();
    expect(row?.attempts).toBeGreaterThan(0);
    world.connectivity.setOnline(false);
    await world.settle(100);
    const back = await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: false });
    // The row was claimed (it may have landed): the change back is a new row after it, never folded into it.
    expect(back.outcome).toBe('queued');
    ledger.faultsOn = false;
    world.connectivity.setOnline(true);
    await world.settle(120_000);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(favorite()).toBe(false);
  });

  it('with nothing stored about the target, setting a value and then its opposite sends the last one', async () => {
    const { world, catalogue, ledger, series, favorite } = await single(false);
    world.connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: false });
    // Not "a toggle back": the series was never a favorite, so this is the change that matters.
    const second = await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    expect(second.outcome).toBe('coalesced');
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    await world.settle();
    expect(ledger.handled.map((w) => w.key)).toEqual([expect.stringContaining(`"media_id":${series},"favorite":true`)]);
    expect(favorite()).toBe(true);
  });

  it('with the target stored, taking a change back before any attempt sends nothing', async () => {
    const { world, catalogue, ledger, series, favorite } = await single(true);
    world.connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    const back = await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: false });
    expect(back.outcome).toBe('cancelled');
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    await world.settle();
    expect(ledger.handled).toEqual([]);
    expect(favorite()).toBe(false);
  });
});
