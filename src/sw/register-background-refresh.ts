import { type Clock, systemClock } from '../env.js';
import { WorkerReplyTimeoutError } from '../errors/worker-reply-timeout-error.js';
import { DEFAULT_TAG } from './install-background-refresh.js';
import {
  type BackgroundRun,
  type BackgroundStatus,
  isWorkerMessage,
  type PageMessage,
  PROTOCOL,
  type WorkerMessage,
} from './messages.js';

/** The part of `ServiceWorkerRegistration` used here (Periodic and Background Sync are not in TypeScript's libs). */
export interface RegistrationLike {
  readonly active: { postMessage(message: unknown, transfer: Transferable[]): void } | null;
  readonly periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
  readonly sync?: { register(tag: string): Promise<void> };
}

/** `document`, as far as visibility goes. */
export interface VisibilitySource {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** `navigator.serviceWorker`, as far as the worker's broadcasts go. */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export interface RegisterBackgroundRefreshOptions {
  /** The least time between periodic syncs, in ms (the browser decides the actual period). @default 43200000 (12 h) */
  minInterval?: number;
  /** The tag the worker was installed with. @default 'catalogue-sync' */
  tag?: string;
  /** Refresh when the page becomes visible, at most once per `minVisibleInterval`; `null`: never. @default document */
  document?: VisibilitySource | null;
  /** @default 60000 */
  minVisibleInterval?: number;
  /** Where the worker's `run-finished` broadcasts arrive. @default navigator.serviceWorker */
  container?: MessageSource | null;
  /** How long `refreshNow()` and `status()` wait for the worker's answer. @default 120000 */
  replyTimeoutMs?: number;
  /** @default the system clock */
  clock?: Clock;
}

/**
 * `periodic-sync`: the browser wakes the worker every `minInterval` or so (installed PWAs with the permission).
 * `background-sync`: a one-off sync now and each time the page becomes visible; the browser runs it once online.
 * `messages`: neither API; the page asks the worker with `refresh-now` when it becomes visible.
 */
export type BackgroundRefreshMode = 'periodic-sync' | 'background-sync' | 'messages';

export interface BackgroundRefreshRegistration {
  readonly mode: BackgroundRefreshMode;
  /** Why periodic sync is not active (e.g. `NotAllowedError: …`), when it is not. */
  readonly fallbackReason?: string;
  /** Asks the worker to refresh now and resolves with its run. */
  refreshNow(): Promise<BackgroundRun>;
  status(): Promise<BackgroundStatus>;
  /** Calls `listener` after each run of the worker, whatever woke it; returns the unsubscribe function. */
  onRun(listener: (run: BackgroundRun) => void): () => void;
  /** Stops the visibility refresh and the broadcast listener (registrations stay with the browser). */
  stop(): void;
}

let nextId = 1;

/**
 * Page side: registers periodic sync when the browser permits it, otherwise background sync, otherwise
 * messages; and refreshes on `visibilitychange` unless periodic sync is active. Reports which mode is active.
 */
export async function registerBackgroundRefresh(
  registration: RegistrationLike,
  options: RegisterBackgroundRefreshOptions = {},
): Promise<BackgroundRefreshRegistration> {
  const tag = options.tag ?? DEFAULT_TAG;
  const minInterval = options.minInterval ?? 12 * 3_600_000;
  if (!(Number.isFinite(minInterval) && minInterval > 0)) {
    throw new TypeError(`registerBackgroundRefresh: minInterval must be a positive number of ms, got ${minInterval}`);
  }
  const clock = options.clock ?? systemClock;
  const replyTimeoutMs = options.replyTimeoutMs ?? 120_000;
  const doc = options.document === undefined ? platformDocument() : options.document;
  const container = options.container === undefined ? platformContainer() : options.container;

  let mode: BackgroundRefreshMode = 'messages';
  let fallbackReason: string | undefined;
  try {
    if (!registration.periodicSync) throw new Error('Periodic Background Sync is not supported');
    await registration.periodicSync.register(tag, { minInterval });
    mode = 'periodic-sync';
  } catch (error) {
    fallbackReason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (registration.sync) {
      try {
        await registration.sync.register(tag);
        mode = 'background-sync';
      } catch {
        // Background sync refused too: messages remain.
      }
    }
  }

  function ask(message: PageMessage): Promise<WorkerMessage> {
    const worker = registration.active;
    if (!worker) return Promise.reject(new Error('registerBackgroundRefresh: the service worker is not active yet'));
    const channel = new MessageChannel();
    return new Promise<WorkerMessage>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        channel.port1.close();
        reject(
          new WorkerReplyTimeoutError(`the service worker did not answer ${message.type} in ${replyTimeoutMs} ms`),
        );
      }, replyTimeoutMs);
      channel.port1.onmessage = (event) => {
        if (!isWorkerMessage(event.data) || !('id' in event.data) || event.data.id !== message.id) return;
        clock.clearTimeout(timer);
        channel.port1.close();
        resolve(event.data);
      };
      worker.postMessage(message, [channel.port2]);
    });
  }

  async function refreshNow(): Promise<BackgroundRun> {
    const reply = await ask({ protocol: PROTOCOL, type: 'refresh-now', id: nextId++ });
    if (reply.type === 'refreshed') return reply.run;
    if (reply.type === 'failed') throw Object.assign(new Error(reply.error.message), { name: reply.error.name });
    throw new Error(`registerBackgroundRefresh: unexpected reply ${reply.type}`);
  }

  let lastVisibleRefresh = Number.NEGATIVE_INFINITY;
  const minVisibleInterval = options.minVisibleInterval ?? 60_000;
  const onVisibility = () => {
    if (doc?.visibilityState !== 'visible') return;
    if (clock.now() - lastVisibleRefresh < minVisibleInterval) return;
    lastVisibleRefresh = clock.now();
    // A sync waits for connectivity in the browser; a message would run (and find the network gone) at once.
    const started = mode === 'background-sync' && registration.sync ? registration.sync.register(tag) : refreshNow();
    started.catch(() => {});
  };
  if (doc && mode !== 'periodic-sync') doc.addEventListener('visibilitychange', onVisibility);

  const runListeners = new Set<(run: BackgroundRun) => void>();
  const onBroadcast = (event: { data: unknown }) => {
    const data = event.data;
    if (!isWorkerMessage(data) || data.type !== 'run-finished') return;
    for (const listener of [...runListeners]) listener(data.run);
  };
  container?.addEventListener('message', onBroadcast);

  return {
    mode,
    ...(fallbackReason !== undefined && mode !== 'periodic-sync' ? { fallbackReason } : {}),
    refreshNow,
    async status() {
      const reply = await ask({ protocol: PROTOCOL, type: 'status', id: nextId++ });
      if (reply.type !== 'status') throw new Error(`registerBackgroundRefresh: unexpected reply ${reply.type}`);
      return reply.status;
    },
    onRun(listener) {
      runListeners.add(listener);
      return () => runListeners.delete(listener);
    },
    stop() {
      doc?.removeEventListener('visibilitychange', onVisibility);
      container?.removeEventListener('message', onBroadcast);
      runListeners.clear();
    },
  };
}

function platformDocument(): VisibilitySource | null {
  return (globalThis as { document?: VisibilitySource }).document ?? null;
}

function platformContainer(): MessageSource | null {
  return (globalThis as { navigator?: { serviceWorker?: MessageSource } }).navigator?.serviceWorker ?? null;
}
