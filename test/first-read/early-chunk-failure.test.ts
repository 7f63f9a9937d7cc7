import { afterEach, expect, it, vi } from 'vitest';
import type { FetchLike } from '../../src/env.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { record, until } from '../query/view-helpers.js';

/**
 * The early requests' chunk never arrives (a deploy replaced it, the link dropped): the request the front door had
 * already sent is aborted rather than left on the wire unread, and nothing of its answer is shown (nothing validated
 * it). What the view shows then is the core's adoption of a failed flight (its error).
 */
vi.mock('../../src/first-read/early-client.js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

it('a chunk that never came: the door’s request is aborted and nothing of its answer is shown', async () => {
  world = catalogueWorld();
  const signals: (AbortSignal | undefined)[] = [];
  const noting =
    (fetch: FetchLike): FetchLike =>
    (input, init) => {
      signals.push(init?.signal ?? undefined);
      return fetch(input, init);
    };
  const catalogue = world.open({ wrapFetch: noting });
  const view = catalogue.trendingTv({ time_window: 'day' });
  const seen = record(view);
  const shown = await until(world.clock, view, (s) => s.error !== undefined, { maxMs: 60_000 });
  expect(shown.data).toBeUndefined();
  expect(seen.snapshots.every((s) => s.data === undefined)).toBe(true);
  expect(signals[0]?.aborted).toBe(true);
  seen.stop();
});
