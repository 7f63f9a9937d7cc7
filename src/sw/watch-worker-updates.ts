import { type Clock, systemClock } from '../env.js';
import type { VisibilitySource } from './register-background-refresh.js';
import { SKIP_WAITING } from './skip-waiting-message.js';

/** `ServiceWorker`, as far as its updates go. */
export interface WorkerLike {
  readonly state: string;
  postMessage(message: unknown): void;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

/** `ServiceWorkerRegistration`, as far as its updates go. */
export interface UpdatingRegistration {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  readonly active: WorkerLike | null;
  update(): Promise<unknown>;
  addEventListener(type: 'updatefound', listener: () => void): void;
  removeEventListener(type: 'updatefound', listener: () => void): void;
}

/** `navigator.serviceWorker`, as far as a change of the controlling worker goes. */
export interface ControllerSource {
  addEventListener(type: 'controllerchange', listener: () => void): void;
  removeEventListener(type: 'controllerchange', listener: () => void): void;
}

/**
 * `current`: no new version (or only one still installing). `waiting`: a new version is installed and waits for
 * this page's go-ahead (`applyUpdate()`). `applying`: the page told it to take over; the page reloads when it has.
 */
export type WorkerUpdateState = 'current' | 'waiting' | 'applying';

export interface WatchWorkerUpdatesOptions {
  /** Where the controlling worker's change is heard. @default navigator.serviceWorker */
  container?: ControllerSource;
  /** What the page does once the new version controls it (it runs the old version's code until then). @default location.reload() */
  reload?: () => void;
  /**
   * Look for a new version when the page becomes visible, at most once per `minCheckInterval` (the browser also
   * looks on each navigation); `null`: only on navigations and `checkNow()`. @default document
   */
  document?: VisibilitySource | null;
  /** @default 60000 */
  minCheckInterval?: number;
  /** @default the system clock */
  clock?: Clock;
}

export interface WorkerUpdates {
  readonly state: WorkerUpdateState;
  /** Calls `listener` with each new state; returns the unsubscribe function. */
  subscribe(listener: (state: WorkerUpdateState) => void): () => void;
  /** Resolves once a new version waits (at once if one does). */
  onWaiting(): Promise<void>;
  /** Tells the waiting version to take over; the page reloads when it controls it. Nothing waiting: nothing done. */
  applyUpdate(): void;
  /** Asks the server for a new worker now. */
  checkNow(): Promise<void>;
  /** Removes the listeners (the registration stays with the browser). */
  stop(): void;
}

/**
 * Page side of the update flow of a worker made with `installOfflineShell`: a new build's worker installs in the
 * background and waits; this reports it (`state` becomes `waiting`) so the page can offer "A new version is
 * ready — reload", then `applyUpdate()` sends it `SKIP_WAITING` and the page reloads once it has taken over.
 * A page that saw the update waiting also reloads when another tab applied it: its code is the old version's.
 */
export function watchWorkerUpdates(
  registration: UpdatingRegistration,
  options: WatchWorkerUpdatesOptions = {},
): WorkerUpdates {
  const container = options.container ?? platformContainer();
  const reload = options.reload ?? platformReload;
  const doc = options.document === undefined ? platformDocument() : options.document;
  const minCheckInterval = options.minCheckInterval ?? 60_000;
  if (!(Number.isFinite(minCheckInterval) && minCheckInterval >= 0)) {
    throw new TypeError(`watchWorkerUpdates: minCheckInterval must be a number of ms, got ${minCheckInterval}`);
  }
  const clock = options.clock ?? systemClock;

  let state: WorkerUpdateState = 'current';
  let reloaded = false;
  const listeners = new Set<(state: WorkerUpdateState) => void>();
  const set = (next: WorkerUpdateState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };

  // A worker that installed while another is active waits; one that installed with none activates at once
  // (the first visit), which is no update.
  const look = () => {
    if (state === 'current' && registration.waiting && registration.active) set('waiting');
  };
  const watched = new Set<WorkerLike>();
  const watch = (worker: WorkerLike | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', look);
  };
  const onUpdateFound = () => watch(registration.installing);
  const onControllerChange = () => {
    if (state === 'current' || reloaded) return;
    reloaded = true;
    reload();
  };
  let lastCheck = Number.NEGATIVE_INFINITY;
  const checkNow = async () => {
    lastCheck = clock.now();
    await registration.update();
  };
  const onVisibility = () => {
    if (doc?.visibilityState !== 'visible' || clock.now() - lastCheck < minCheckInterval) return;
    // A failed check (offline) is the next visibility's to retry.
    checkNow().catch(() => {});
  };

  registration.addEventListener('updatefound', onUpdateFound);
  container?.addEventListener('controllerchange', onControllerChange);
  doc?.addEventListener('visibilitychange', onVisibility);
  watch(registration.installing);
  look();

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onWaiting() {
      if (state !== 'current') return Promise.resolve();
      return new Promise((resolve) => {
        const off = this.subscribe(() => {
          off();
          resolve();
        });
      });
    },
    applyUpdate() {
      const waiting = registration.waiting;
      if (state !== 'waiting' || !waiting) return;
      set('applying');
      waiting.postMessage(SKIP_WAITING);
    },
    checkNow,
    stop() {
      registration.removeEventListener('updatefound', onUpdateFound);
      container?.removeEventListener('controllerchange', onControllerChange);
      doc?.removeEventListener('visibilitychange', onVisibility);
      for (const worker of watched) worker.removeEventListener('statechange', look);
      watched.clear();
      listeners.clear();
    },
  };
}

/** `location.reload()` of a page (the type is the WebWorker lib's in the worker program, which has none). */
function platformReload(): void {
  (globalThis as unknown as { location: { reload(): void } }).location.reload();
}

function platformDocument(): VisibilitySource | null {
  return (globalThis as { document?: VisibilitySource }).document ?? null;
}

function platformContainer(): ControllerSource | undefined {
  return (globalThis as { navigator?: { serviceWorker?: ControllerSource } }).navigator?.serviceWorker;
}
