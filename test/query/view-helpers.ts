import type { FetchLike } from '../../src/env.js';
import type { View } from '../../src/query/view.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import type { VirtualClock } from '../../src/testing/index.js';

/** Subscribes and records every snapshot the view emits (the first entry is the one before subscribing). */
export function record<S extends ViewSnapshot<unknown>>(view: View<S>) {
  const snapshots: S[] = [view.getSnapshot()];
  const stop = view.subscribe(() => snapshots.push(view.getSnapshot()));
  return {
    snapshots,
    stop,
    get last(): S {
      return view.getSnapshot();
    },
    /** Emissions so far (snapshots after subscribing). */
    get emissions(): number {
      return snapshots.length - 1;
    },
  };
}

/**
 * Waits until the view's snapshot satisfies `predicate`: lets real work (IndexedDB, live queries, the in-process
 * fake) settle first, and only then moves virtual time, in small steps up to `maxMs`. (`clock.runUntil` jumps
 * straight to the next timer, which for a subscribed view may be its expiry hours away.) The view must already
 * have a listener (e.g. `record`).
 */
export async function until<S extends ViewSnapshot<unknown>>(
  clock: VirtualClock,
  view: View<S>,
  predicate: (snapshot: S) => boolean,
  options: { maxMs?: number; stepMs?: number } = {},
): Promise<S> {
  const limit = clock.now() + (options.maxMs ?? 10_000);
  for (;;) {
    for (let round = 0; round < 300; round++) {
      if (predicate(view.getSnapshot())) return view.getSnapshot();
      await clock.flush();
    }
    if (predicate(view.getSnapshot())) return view.getSnapshot();
    if (clock.now() >= limit) {
      throw new Error(
        `until: not reached by ${options.maxMs ?? 10_000} ms; last ${JSON.stringify(view.getSnapshot())}`,
      );
    }
    await clock.advance(Math.min(options.stepMs ?? 100, limit - clock.now()));
  }
}

/** Lets IndexedDB and live queries settle without moving virtual time. */
export async function settle(clock: VirtualClock, rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await clock.flush();
}

/**
 * A fetch wrapper that rewrites the `name` of series `target.id` in list responses whose URL contains
 * `target.marker`: a newer version of that record, brought by that response.
 */
export function renaming(target: { id?: number | undefined; name: string; marker: string }) {
  return (fetch: FetchLike): FetchLike =>
    async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes(target.marker) || response.status !== 200) return response;
      const body = (await response.json()) as { results: { id: number; name: string }[] };
      for (const item of body.results) if (item.id === target.id) item.name = target.name;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(body), { status: 200, headers });
    };
}
