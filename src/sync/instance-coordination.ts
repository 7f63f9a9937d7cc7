import type { Clock, IndexedDBPair, Random } from '../env.js';
import type { RequestQueue } from '../queue/request-queue.js';
import {
  type BackgroundLock,
  backgroundLockName,
  createBackgroundLock,
  type LockManagerLike,
  platformLocks,
} from './background-lock.js';
import { type BroadcastChannelFactory, platformChannels } from './budget-channel.js';
import { createInProcessChannels } from './in-process-channels.js';
import { createInProcessLocks } from './in-process-locks.js';
import { joinRateBudget, type RateBudget } from './rate-budget.js';

/** How often an instance on a real BroadcastChannel says it is alive (a crashed tab is dropped after 3 beats). */
export const BUDGET_HEARTBEAT_MS = 2000;

/**
 * Which instances coordinate. On the platform's IndexedDB, the database is the origin's: Web Locks and
 * BroadcastChannel reach every tab and worker that can open it. On an injected IndexedDB (fake-indexeddb in Node),
 * the database is that factory's: instances coordinate in-process, per factory, so two tests on two fresh
 * factories never share a lock or a budget. The in-process stand-ins are also the fallback where the platform
 * lacks Web Locks or BroadcastChannel.
 */
const realmLocks = createInProcessLocks();
const realmChannels = createInProcessChannels();
const perFactory = new WeakMap<object, { locks: LockManagerLike; channels: BroadcastChannelFactory }>();

/** The in-process locks instances on an injected IndexedDB factory share (tests hold their locks with them). */
export function inProcessLocksFor(indexedDB: IDBFactory): LockManagerLike {
  return inProcessFor({ indexedDB, IDBKeyRange: undefined as never }).locks;
}

function inProcessFor(pair: IndexedDBPair | undefined) {
  if (!pair) return { locks: realmLocks, channels: realmChannels };
  let found = perFactory.get(pair.indexedDB);
  if (!found) {
    found = { locks: createInProcessLocks(), channels: createInProcessChannels() };
    perFactory.set(pair.indexedDB, found);
  }
  return found;
}

export interface InstanceCoordination {
  /** Taken by `sync.refresh()` (and whatever background work it runs). */
  readonly lock: BackgroundLock;
  /**
   * Locks that reach every instance on the database (the outbox tells live senders from gone ones by them), or
   * undefined where only this realm's stand-in exists for a database other realms share (no Web Locks).
   */
  readonly sharedLocks: LockManagerLike | undefined;
  /** This instance's lease on the origin's rate; undefined when `broadcastChannel: false`. */
  readonly budget: RateBudget | undefined;
  /**
   * Sign-outs, told to every instance on the database (tabs, the worker): a scope signed out anywhere is ended
   * everywhere. Over the same channels as the budget (the in-process ones when `broadcastChannel: false`).
   */
  readonly scopes: ScopeChannel;
  close(): void;
}

export interface ScopeChannel {
  /** Tells the other instances that `userScope` signed out. */
  signedOut(userScope: string): void;
  /** Hears the other instances' sign-outs; returns the unsubscribe function. */
  onSignedOut(listener: (userScope: string) => void): () => void;
}

function scopeChannel(open: BroadcastChannelFactory, dbName: string): ScopeChannel & { close(): void } {
  const channel = open(`catalogue-sync:scope:${dbName}`);
  const listeners = new Set<(userScope: string) => void>();
  const onMessage = (event: { data: unknown }) => {
    const data = event.data as { type?: unknown; userScope?: unknown } | null;
    if (data?.type !== 'signed-out' || typeof data.userScope !== 'string') return;
    for (const listener of [...listeners]) listener(data.userScope);
  };
  channel.addEventListener('message', onMessage);
  return {
    signedOut: (userScope) => channel.postMessage({ type: 'signed-out', userScope }),
    onSignedOut(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}

/** What coordinating with the other instances reads of the catalogue's resolved options. */
export interface CoordinationOptions {
  /** The service: instances talking to one service share its rate budget. */
  readonly baseUrl: string;
  /** The database: instances on one database share its lock and hear its sign-outs. */
  readonly dbName: string;
  /** Undefined for the platform's IndexedDB; an injected one coordinates in-process, per factory. */
  readonly indexedDB: IndexedDBPair | undefined;
  readonly locks: LockManagerLike | undefined;
  readonly broadcastChannel: BroadcastChannelFactory | false | undefined;
  readonly rateLimit: { readonly perSecond: number };
  readonly clock: Clock;
  readonly random: Random;
}

/** The lock of this instance's database, and its lease on the service's rate, which it applies to `queue`. */
export function coordinateInstance(
  options: CoordinationOptions,
  queue: Pick<RequestQueue, 'setRateLimit' | 'on'>,
): InstanceCoordination {
  const inProcess = inProcessFor(options.indexedDB);
  const platform = options.indexedDB === undefined;
  const locks = options.locks ?? (platform ? platformLocks() : undefined) ?? inProcess.locks;
  const lock = createBackgroundLock(backgroundLockName(options.dbName), locks);
  const sharedLocks = options.locks ?? (platform ? platformLocks() : inProcess.locks);
  const openPlatform = platform ? platformChannels() : undefined;
  if (options.broadcastChannel === false) {
    const scopes = scopeChannel(openPlatform ?? inProcess.channels, options.dbName);
    return { lock, sharedLocks, budget: undefined, scopes, close: () => scopes.close() };
  }
  const open = options.broadcastChannel ?? openPlatform ?? inProcess.channels;
  const scopes = scopeChannel(open, options.dbName);
  // Only the in-process channel knows for sure that a member which stops talking said `bye` first.
  const reliable = open === inProcess.channels;
  const budget = joinRateBudget({
    perSecond: options.rateLimit.perSecond,
    minPerSecond: Math.min(1, options.rateLimit.perSecond),
    // The service limits per client: every database (language) talking to one service shares its budget.
    channel: open(`catalogue-sync:budget:${options.baseUrl}`),
    clock: options.clock,
    random: options.random,
    heartbeatMs: reliable ? false : BUDGET_HEARTBEAT_MS,
    onShare: (perSecond) => queue.setRateLimit({ perSecond }),
  });
  // A lease is held while requests wait or fly: an idle instance leaves its part to the busy ones.
  const unsubscribe = queue.on('stats', (stats) => budget.setActive(stats.queued + stats.inFlight > 0));
  return {
    lock,
    sharedLocks,
    budget,
    scopes,
    close() {
      unsubscribe();
      budget.leave();
      scopes.close();
    },
  };
}
