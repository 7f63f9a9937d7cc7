import type { Catalogue } from '../create-catalogue.js';
import { type Clock, systemClock } from '../env.js';
import { BudgetExceededError } from '../errors/budget-exceeded-error.js';
import { learnImageOriginFrom } from './configured-image-origins.js';
import {
  type BackgroundRun,
  type BackgroundStatus,
  isPageMessage,
  type PageMessage,
  PROTOCOL,
  plainError,
  type RefreshTrigger,
  type WorkerMessage,
} from './messages.js';

/** The part of a catalogue the worker drives: `sync.refresh()`, the same code path a page calls. */
export type BackgroundCatalogue = Pick<Catalogue, 'sync'>;

/** Anything a message can be posted to: a `MessagePort`, a `Client`. */
export interface PostTarget {
  postMessage(message: unknown): void;
}

/**
 * The part of `ServiceWorkerGlobalScope` used here, typed structurally so the module compiles with the DOM lib
 * (the library's program) as with the WebWorker lib (`tsconfig.sw.json`), and runs in Node tests on a fake scope.
 */
export interface BackgroundRefreshScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  readonly clients: { matchAll(options?: { includeUncontrolled?: boolean }): Promise<readonly PostTarget[]> };
}

/** `ExtendableEvent`, `SyncEvent`, `PeriodicSyncEvent` and `ExtendableMessageEvent`, as far as read here. */
interface WorkerEvent {
  waitUntil(promise: Promise<unknown>): void;
  readonly tag?: string;
  readonly data?: unknown;
  readonly ports?: readonly PostTarget[];
  readonly source?: PostTarget | null;
}

export interface BackgroundRefreshOptions {
  /** Creates the worker's catalogue; called once, on the first event that needs it. */
  createCatalogue: () => BackgroundCatalogue | Promise<BackgroundCatalogue>;
  /** The `sync` and `periodicsync` tag this worker answers; other tags are left to other handlers. @default 'catalogue-sync' */
  tag?: string;
  /**
   * The longest one refresh may take: then its unsent requests are aborted and the event settles (browsers stop
   * a sync event's worker after a few minutes). @default 60000
   */
  budgetMs?: number;
  /** @default the system clock */
  clock?: Clock;
}

export interface BackgroundRefresh {
  /** Runs a refresh now (one at a time: a call during a run shares it). */
  refresh(trigger: RefreshTrigger): Promise<BackgroundRun>;
  status(): BackgroundStatus;
  /** Removes the event listeners. */
  uninstall(): void;
}

export const DEFAULT_TAG = 'catalogue-sync';

/**
 * Installs the background refresh in a service worker: `periodicsync` and `sync` events with `tag`, and the
 * `refresh-now`/`status` messages of pages, each run `catalogue.sync.refresh()` inside `event.waitUntil` within
 * `budgetMs`. The refresh takes the database's background lock like a page's, so a worker and tabs never refresh
 * at once. After each run every window client hears `run-finished`; pages see the data itself through their live
 * views (the store changed), not through messages.
 */
export function installBackgroundRefresh(
  scope: BackgroundRefreshScope,
  options: BackgroundRefreshOptions,
): BackgroundRefresh {
  const resolved = resolveOptions(options);
  const { clock, tag, budgetMs } = resolved;
  let catalogue: Promise<BackgroundCatalogue> | undefined;
  let current: Promise<BackgroundRun> | undefined;
  let runs = 0;
  let lastRun: BackgroundRun | undefined;

  async function runOnce(trigger: RefreshTrigger): Promise<BackgroundRun> {
    const startedAt = clock.now();
    const controller = new AbortController();
    let timer: unknown;
    const budget = new Promise<never>((_, reject) => {
      timer = clock.setTimeout(() => {
        const error = new BudgetExceededError(budgetMs);
        controller.abort(error);
        reject(error);
      }, budgetMs);
    });
    let run: BackgroundRun;
    try {
      catalogue ??= Promise.resolve().then(resolved.createCatalogue);
      // A failed creation is retried by the next event rather than remembered for the worker's life.
      const instance = await Promise.race([catalogue, budget]).catch((error: unknown) => {
        if (!(error instanceof BudgetExceededError)) catalogue = undefined;
        throw error;
      });
      const result = await Promise.race([instance.sync.refresh({ signal: controller.signal }), budget]);
      // After the refresh, which may have fetched it: the offline shell on this scope caches that origin's images.
      await Promise.race([learnImageOriginFrom(scope, instance), budget]);
      const outcome = controller.signal.aborted ? 'timed-out' : 'done';
      run = { trigger, startedAt, finishedAt: clock.now(), outcome, result };
    } catch (error) {
      const outcome = error instanceof BudgetExceededError ? 'timed-out' : 'failed';
      run = { trigger, startedAt, finishedAt: clock.now(), outcome, error: plainError(error) };
    } finally {
      clock.clearTimeout(timer);
    }
    runs += 1;
    lastRun = run;
    await announce({ protocol: PROTOCOL, type: 'run-finished', run });
    return run;
  }

  function refresh(trigger: RefreshTrigger): Promise<BackgroundRun> {
    current ??= runOnce(trigger).finally(() => {
      current = undefined;
    });
    return current;
  }

  async function announce(message: WorkerMessage): Promise<void> {
    try {
      for (const client of await scope.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
    } catch {
      // Telling pages is a courtesy: their views follow the store whether or not this reaches them.
    }
  }

  function status(): BackgroundStatus {
    return { tag, running: current !== undefined, runs, ...(lastRun ? { lastRun } : {}) };
  }

  async function answer(message: PageMessage, replyTo: PostTarget | undefined): Promise<void> {
    let reply: WorkerMessage;
    if (message.type === 'status') {
      reply = { protocol: PROTOCOL, type: 'status', id: message.id, status: status() };
    } else {
      try {
        reply = { protocol: PROTOCOL, type: 'refreshed', id: message.id, run: await refresh('message') };
      } catch (error) {
        reply = { protocol: PROTOCOL, type: 'failed', id: message.id, error: plainError(error) };
      }
    }
    replyTo?.postMessage(reply);
  }

  const onSync = (trigger: 'sync' | 'periodicsync') => (event: Event) => {
    const e = event as unknown as WorkerEvent;
    if (e.tag !== tag) return;
    // A one-off sync that did not finish is retried by the browser (with backoff) when its promise rejects;
    // a periodic one simply comes again.
    const work = refresh(trigger).then((run) => {
      if (trigger === 'sync' && run.outcome !== 'done') throw new Error(`background sync ${run.outcome}`);
    });
    e.waitUntil(work);
  };
  const onMessage = (event: Event) => {
    const e = event as unknown as WorkerEvent;
    if (!isPageMessage(e.data)) return;
    e.waitUntil(answer(e.data, e.ports?.[0] ?? e.source ?? undefined));
  };
  const listeners: [string, (event: Event) => void][] = [
    ['sync', onSync('sync')],
    ['periodicsync', onSync('periodicsync')],
    ['message', onMessage],
  ];
  for (const [type, listener] of listeners) scope.addEventListener(type, listener);

  return {
    refresh,
    status,
    uninstall() {
      for (const [type, listener] of listeners) scope.removeEventListener(type, listener);
    },
  };
}

function resolveOptions(options: BackgroundRefreshOptions) {
  if (typeof options?.createCatalogue !== 'function') {
    throw new TypeError('installBackgroundRefresh: createCatalogue must be a function returning a catalogue');
  }
  const tag = options.tag ?? DEFAULT_TAG;
  if (typeof tag !== 'string' || tag === '') throw new TypeError('installBackgroundRefresh: tag must be a string');
  const budgetMs = options.budgetMs ?? 60_000;
  if (typeof budgetMs !== 'number' || !(budgetMs > 0) || !Number.isFinite(budgetMs)) {
    throw new TypeError(`installBackgroundRefresh: budgetMs must be a positive number, got ${String(budgetMs)}`);
  }
  return { createCatalogue: options.createCatalogue, tag, budgetMs, clock: options.clock ?? systemClock };
}
