import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { Catalogue } from '../../../src/create-catalogue.js';
import { databaseOf } from '../../../src/create-catalogue.js';
import { defaultOutboxLeaseMs } from '../../../src/defaults.js';
import { isUnsettled } from '../../../src/store/outbox/pending-rows.js';
import { OUTBOX_MAX_BACKOFF_MS, POLL_MS } from '../../../src/sync/outbox-claims.js';
import { type CatalogueWorld, catalogueWorld } from '../../helpers/catalogue-world.js';
import { reliabilityWorldOptions } from '../../helpers/reliability-world-options.js';
import { seededRandom } from '../../support/seeded-random.js';
import { HeldSends } from './held-sends.js';
import { Intent, type Rated, type ScriptUser } from './mutation-script.js';
import { LIST_ITEMS, type OutboxPlan, type PlannedChange, SERIES_POOL } from './outbox-plan.js';
import { matchesRows, WriteLedger, writeKeyOf } from './write-ledger.js';

/** What one run met, summed over the runs for the figures line. */
export interface RunCounts {
  changes: number;
  /** Writes the service handled (committed), replays included. */
  writes: number;
  /** Writes that met a fault: 503, reset before or after the commit, a portal page, a cut answer. */
  faults: number;
  /** Tabs closed while one of their writes was on the wire, and opened again. */
  reloads: number;
  /** Writes repeated after a lost answer (the same value again: no effect). */
  replays: number;
  /** Writes out of their row's place or of no row: applied twice in effect. Must stay 0. */
  duplicates: number;
  /** Wall-clock jumps (forward or back), and those made while a tab's write was held on the wire. */
  jumps: number;
  jumpsMidSend: number;
  /** The longest wait, after the clock was set right, until every row was settled (clock ms). */
  longestSettleMs: number;
}

/** What a run found wrong, or undefined: the property holds. */
export type Violation = { readonly what: string; readonly detail: unknown };

const WRITE_OPERATIONS = ['markFavorite', 'addToWatchlist', 'rateTvSeries', 'deleteTvSeriesRating', 'removeListItem'];
const RATES = { error: 0.1, resetBefore: 0.08, resetAfter: 0.1 };
/** The runs' catalogues make 2 attempts of 30 s each: their default lease. */
const LEASE_MS = defaultOutboxLeaseMs(2, 30_000);
/**
 * Once the clock is right again, nothing may wait longer than a lease plus the longest backoff (plus the polls
 * that find them over, and the queue's retry waits after the last faults).
 */
const SETTLE_BOUND_MS = LEASE_MS + OUTBOX_MAX_BACKOFF_MS + 5 * POLL_MS;

function credentialsOf(user: ScriptUser): Record<string, string> {
  return 'session_id' in user.credentials
    ? { session_id: user.credentials.session_id }
    : { guest_session_id: user.credentials.guest_session_id };
}

interface Tab {
  catalogue: Catalogue;
  held: HeldSends;
  user: ScriptUser | undefined;
}

/** One random run: two accounts (each with a list) and a guest, `plan.tabs` catalogues on one database. */
export async function runOutboxPlan(plan: OutboxPlan, counts: RunCounts): Promise<Violation | undefined> {
  const world = catalogueWorld(
    reliabilityWorldOptions(plan.faultSeed, { service: { scale: 'small', rateLimit: false } }),
  );
  const { control } = world.service;
  const indexedDB = new IDBFactory();
  const movies = (control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] })
    .results;
  const users: ScriptUser[] = [0, 1].map((i) => {
    const session = control.createSession();
    const items = movies.slice(i * LIST_ITEMS, (i + 1) * LIST_ITEMS).map((m) => m.id);
    const { list_id } = control.createList({ session_id: session.session_id, items });
    return { label: `account${i}`, credentials: session, list: { list_id, items } };
  });
  users.push({ label: 'guest', credentials: control.createGuestSession() });
  const series = control
    .allSeries()
    .filter((s) => s.adult !== true)
    .slice(0, SERIES_POOL)
    .map((s) => s.id as number);
  const ledger = new WriteLedger(RATES, seededRandom(plan.faultSeed));
  for (const user of users) ledger.users.set(Object.values(credentialsOf(user))[0] as string, user.label);
  const failed: unknown[] = [];
  const sent = new Set<number>();
  const scopes = new Map<string, ScriptUser>();
  const open = (held: HeldSends): Catalogue => {
    const catalogue = world.open({
      wrapFetch: (fetch) => held.wrap(ledger.wrap(fetch)),
      retry: { attempts: 2 },
      indexedDB: { indexedDB, IDBKeyRange },
      dbName: 'catalogue-outbox-property',
    });
    catalogue.on('mutationFailed', (event) => failed.push(event));
    catalogue.on('mutationSent', (event) => sent.add(event.seq));
    return catalogue;
  };
  const tabs: Tab[] = [];
  try {
    for (let i = 0; i < plan.tabs; i++) {
      const held = new HeldSends();
      tabs.push({ catalogue: open(held), held, user: undefined });
    }
    const as = async (tab: Tab, user: ScriptUser) => {
      if (tab.user === user) return;
      await tab.catalogue.setUser(user.credentials);
      tab.user = user;
      scopes.set(tab.catalogue.userScopeId as string, user);
    };
    // What changes act on is stored first, with the network whole: every target's state, both lists.
    ledger.faultsOn = false;
    const first = tabs[0] as Tab;
    // A pull is prepared for the current user when called: each user's pulls go out together.
    const pulls: Promise<unknown>[] = [];
    for (const user of users) {
      await as(first, user);
      if (user.list) pulls.push(first.catalogue.sync.pull('listDetails', { list_id: user.list.list_id }));
      for (const series_id of series) pulls.push(first.catalogue.sync.pull('tvAccountStates', { series_id }));
    }
    await world.clock.runUntil(Promise.all(pulls));
    ledger.faultsOn = true;
    const portal = { portalRate: 0.1, malformedRate: 0.15 };
    control.setFaults({
      seed: plan.faultSeed,
      operations: Object.fromEntries(WRITE_OPERATIONS.map((operation) => [operation, portal])),
    });
    world.service.log.reset();

    const intent = new Intent();
    /** How far the clock is off from the right time (the sum of the jumps so far). */
    let offset = 0;
    /** Every value each row had (a row's value changes only by coalescing, before it is first claimed). */
    const versions = new Map<number, string[]>();
    const rowScope = new Map<number, string>();
    const observe = async (catalogue: Catalogue) => {
      for (const row of await databaseOf(catalogue).outbox.toArray()) {
        const user = scopes.get(row.userScope) as ScriptUser;
        const seq = row.seq as number;
        const keys = versions.get(seq) ?? [];
        const key = writeKeyOf(row, credentialsOf(user));
        if (keys.at(-1) !== key) keys.push(key);
        versions.set(seq, keys);
        rowScope.set(seq, row.userScope);
      }
    };
    for (const step of plan.steps) {
      if (step.type === 'change') {
        const tab = tabs[step.tab % tabs.length] as Tab;
        await as(tab, users[step.user] as ScriptUser);
        await change(tab.catalogue, tab.user as ScriptUser, series, step, intent);
        counts.changes += 1;
        await observe(tab.catalogue);
      } else if (step.type === 'online') {
        world.connectivity.setOnline(true);
        await world.settle(step.ms);
      } else if (step.type === 'offline') {
        world.connectivity.setOnline(false);
        await world.settle(100);
      } else if (step.type === 'jump') {
        // Jumps add up (the clock drifts further, or is set right part of the way); it is set right at the end.
        offset += step.ms;
        counts.jumps += 1;
        if (!step.midSend) {
          await world.clock.jump(step.ms);
          await world.settle(100);
          continue;
        }
        // A write leaves a tab and has not reached the service (a slow network): the clock jumps, the other tabs
        // look for a while, then the write lands late. No tab may have sent that row, or one after it, meanwhile.
        const tab = tabs[step.tab % tabs.length] as Tab;
        tab.held.arm(false);
        world.connectivity.setOnline(true);
        for (let i = 0; i < 10 && !tab.held.caught; i++) await world.settle(100);
        tab.held.disarm();
        await world.clock.jump(step.ms);
        if (tab.held.caught) counts.jumpsMidSend += 1;
        await world.settle(3 * POLL_MS);
        tab.held.releaseAll();
        await world.settle(100);
      } else {
        const index = step.tab % tabs.length;
        const tab = tabs[index] as Tab;
        tab.held.arm(step.commit);
        world.connectivity.setOnline(true);
        for (let i = 0; i < 10 && !tab.held.caught; i++) await world.settle(100);
        tab.held.disarm();
        if (!tab.held.caught) continue;
        // The page goes while its write is on the wire, and the next page opens on the same database.
        await tab.catalogue.close();
        tab.held.releaseAll();
        const held = new HeldSends();
        const next: Tab = { catalogue: open(held), held, user: undefined };
        tabs[index] = next;
        await next.catalogue.auth.ready();
        if (tab.user) await as(next, tab.user);
        counts.reloads += 1;
      }
    }

    // The network settles: faults off, the clock set right, every tab drains until nothing is left.
    ledger.faultsOn = false;
    control.setFaults(undefined);
    if (offset !== 0) await world.clock.jump(-offset);
    const setRightAt = world.clock.now();
    world.connectivity.setOnline(true);
    const last = tabs[0] as Tab;
    const unsettled = async () => (await databaseOf(last.catalogue).outbox.toArray()).filter(isUnsettled).length;
    for (let round = 0; round < 20 && (await unsettled()) > 0; round++) {
      await world.clock.runUntil(Promise.all(tabs.map((tab) => tab.catalogue.outbox.drain())));
      if ((await unsettled()) > 0) await world.settle(1_000);
    }
    const settledIn = world.clock.now() - setRightAt;
    counts.longestSettleMs = Math.max(counts.longestSettleMs, settledIn);
    if (settledIn > SETTLE_BOUND_MS) {
      return { what: 'rows waited longer than a lease and the longest backoff', detail: { settledIn, offset } };
    }
    const left = await databaseOf(last.catalogue).outbox.toArray();
    if (left.length > 0) return { what: 'rows left in the outbox', detail: left };
    if (failed.length > 0) return { what: 'changes failed that the service did not refuse', detail: failed };

    const wrong = await compare(world, last, users, series, intent, as);
    if (wrong) return wrong;

    // In order per user, each effective row once in effect: the writes the service handled split into one group
    // per sent row, in seq order, each a run of that row's value (a replay after a lost answer repeats it).
    for (const user of users) {
      const rows = [...versions.entries()]
        .filter(([seq]) => sent.has(seq) && scopes.get(rowScope.get(seq) as string) === user)
        .sort(([a], [b]) => a - b)
        .map(([, keys]) => keys);
      const handled = ledger.handled.filter((w) => w.user === user.label).map((w) => w.key);
      if (!matchesRows(handled, rows)) {
        counts.duplicates += 1;
        return { what: `${user.label}: writes out of order or twice in effect`, detail: { handled, rows } };
      }
    }
    const unseen = [...sent].filter((seq) => !versions.has(seq));
    if (unseen.length > 0) return { what: 'rows sent that were never seen pending', detail: unseen };
    const faultLog = world.service.log.entries().filter((e) => e.fault === 'portal' || e.fault === 'malformed');
    counts.writes += ledger.handled.length;
    counts.replays += ledger.handled.length - sent.size;
    counts.faults += ledger.injected.error + ledger.injected.resetBefore + ledger.injected.resetAfter + faultLog.length;
    return undefined;
  } finally {
    for (const tab of tabs) {
      tab.held.releaseAll();
      await tab.catalogue.close();
    }
  }
}

/** One change call, recorded in the intent: a guest's kind becomes a rating (the only change it can make). */
async function change(
  catalogue: Catalogue,
  user: ScriptUser,
  series: readonly number[],
  step: PlannedChange,
  intent: Intent,
) {
  const series_id = series[step.target % series.length] as number;
  const key = Intent.key(user, series_id);
  const guest = !('session_id' in user.credentials);
  const kind = guest ? (step.flag ? 'rate' : 'unrate') : step.kind;
  switch (kind) {
    case 'favorite':
      intent.favorite.set(key, step.flag);
      return catalogue.account.markFavorite({ media_type: 'tv', media_id: series_id, favorite: step.flag });
    case 'watchlist':
      intent.watchlist.set(key, step.flag);
      return catalogue.account.addToWatchlist({ media_type: 'tv', media_id: series_id, watchlist: step.flag });
    case 'rate':
      intent.seriesRating.set(key, { value: step.halves / 2 });
      return catalogue.account.rateTvSeries({ series_id, value: step.halves / 2 });
    case 'unrate':
      intent.seriesRating.set(key, false);
      return catalogue.account.deleteTvSeriesRating({ series_id });
    default: {
      const list = user.list as NonNullable<ScriptUser['list']>;
      const media_id = list.items[step.target % list.items.length] as number;
      const removed = intent.removed.get(user.label) ?? new Set<number>();
      removed.add(media_id);
      intent.removed.set(user.label, removed);
      return catalogue.lists.removeItem({ list_id: list.list_id, media_id });
    }
  }
}

type AccountState = { favorite: boolean; rated: Rated; watchlist?: boolean };

/** The service equals what each user meant, and the stored state (read as each user) equals the service. */
async function compare(
  world: CatalogueWorld,
  tab: Tab,
  users: readonly ScriptUser[],
  series: readonly number[],
  intent: Intent,
  as: (tab: Tab, user: ScriptUser) => Promise<void>,
): Promise<Violation | undefined> {
  const { control } = world.service;
  const meant: Record<string, unknown> = {};
  const service: Record<string, unknown> = {};
  const stored: Record<string, unknown> = {};
  for (const user of users) {
    await as(tab, user);
    const account = 'session_id' in user.credentials;
    for (const series_id of series) {
      const key = Intent.key(user, series_id);
      const truth = control.groundTruth('tvAccountStates', { series_id, ...credentialsOf(user) }) as AccountState;
      const local = (await tab.catalogue.read('tvAccountStates', { series_id })) as AccountState | undefined;
      meant[`${key} rated`] = intent.seriesRating.get(key) ?? false;
      service[`${key} rated`] = truth.rated;
      stored[`${key} rated`] = local?.rated;
      if (account) {
        meant[`${key} favorite`] = intent.favorite.get(key) ?? false;
        service[`${key} favorite`] = truth.favorite;
        stored[`${key} favorite`] = local?.favorite;
        meant[`${key} watchlist`] = intent.watchlist.get(key) ?? false;
        service[`${key} watchlist`] = truth.watchlist;
        stored[`${key} watchlist`] = local?.watchlist;
      }
    }
    if (user.list) {
      const removed = intent.removed.get(user.label) ?? new Set<number>();
      meant[`${user.label} list`] = user.list.items.filter((id) => !removed.has(id));
      service[`${user.label} list`] = control.listItems(user.list.list_id);
      const local = await tab.catalogue.read('listDetails', { list_id: user.list.list_id });
      stored[`${user.label} list`] = local?.items.map((item) => item.id);
    }
  }
  if (JSON.stringify(service) !== JSON.stringify(meant))
    return { what: 'the service is not what the users meant', detail: { service, meant } };
  if (JSON.stringify(stored) !== JSON.stringify(service))
    return { what: 'the stored state is not the service', detail: { stored, service } };
  return undefined;
}
