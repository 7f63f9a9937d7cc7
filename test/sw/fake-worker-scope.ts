import type { BackgroundRefreshScope, PostTarget } from '../../src/sw/index.js';

/** What one dispatched event did: whether a handler claimed it, and the promise it gave `waitUntil`. */
export interface Dispatched {
  readonly claimed: boolean;
  readonly settled: Promise<{ ok: true } | { ok: false; error: unknown }>;
}

/**
 * A service worker's global scope as far as the background refresh uses it: event listeners, extendable events
 * with `waitUntil`, and window clients that record what they are told.
 */
export class FakeWorkerScope implements BackgroundRefreshScope {
  readonly #listeners = new Map<string, Set<(event: Event) => void>>();
  /** Messages posted to every client (the `run-finished` broadcasts). */
  readonly broadcasts: unknown[] = [];
  readonly clients = {
    matchAll: async () => [{ postMessage: (message: unknown) => this.broadcasts.push(message) }],
  };

  addEventListener(type: string, listener: (event: Event) => void): void {
    const set = this.#listeners.get(type) ?? new Set();
    this.#listeners.set(type, set);
    set.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.#listeners.get(type)?.delete(listener);
  }

  listenerCount(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  dispatch(
    type: 'sync' | 'periodicsync' | 'message',
    init: { tag?: string; data?: unknown; ports?: PostTarget[]; source?: PostTarget | null },
  ): Dispatched {
    let waited: Promise<unknown> | undefined;
    const event = {
      type,
      ...init,
      waitUntil(promise: Promise<unknown>) {
        waited = promise;
      },
    } as unknown as Event;
    for (const listener of [...(this.#listeners.get(type) ?? [])]) listener(event);
    const settled = (waited ?? Promise.resolve()).then(
      () => ({ ok: true }) as const,
      (error: unknown) => ({ ok: false, error }) as const,
    );
    return { claimed: waited !== undefined, settled };
  }
}
