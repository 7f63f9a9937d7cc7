import type { Clock } from '../../env.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import type { EpisodeCursorRow } from '../../store/tables/rows.js';
import type { SyncEngine } from '../sync-engine.js';
import type { Candidate, RunCounts, RunState } from './change-run.js';
import { dependentMetas } from './episode-dependents.js';
import type { FeedStore } from './feed-store.js';

const HOLDERS = new Set(['seasonDetails', 'personTaggedImages'] as const);

export interface FallbackDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly options: { readonly clock: Clock };
  readonly store: FeedStore;
  readonly advance: (cursors: readonly EpisodeCursorRow[], checkedAt: number) => Promise<void>;
}

/**
 * Episodes whose gap exceeds the window (or whose row is gone): revalidate what holds them — their season's
 * details and the tagged-image pages listing them, else the season details — then advance their cursors.
 */
export async function planFallback(
  deps: FallbackDeps,
  candidates: readonly Candidate[],
  state: RunState,
  result: RunCounts,
): Promise<Promise<void>> {
  const { db, engine, options, advance, store } = deps;
  // One pull per stored resource, shared by the episodes it holds.
  const pulls = new Map<string, Promise<unknown>>();
  const waits: Promise<void>[] = [];
  for (const { cursor, row } of candidates) {
    const place = { id: cursor.episode_id, show_id: cursor.series_id, season_number: cursor.season_number };
    const metas = row
      ? await db.transaction('r', [db.syncMeta, db.taggedImages, db.listPages], () =>
          dependentMetas(db, place, HOLDERS, store.listPageOf),
        )
      : [];
    // What holds the episode; with nothing stored (or no row), its season's details bring it.
    const calls =
      metas.length > 0
        ? metas.map((meta) => ({ operation: meta.operation, params: meta.params ?? {} }))
        : [{ operation: 'seasonDetails', params: { series_id: place.show_id, season_number: place.season_number } }];
    const keys = calls.map((call) => `${call.operation}?${JSON.stringify(call.params)}`);
    const cost = keys.filter((key) => !pulls.has(key)).length;
    if (cost > state.budget) {
      result.remaining += 1;
      continue;
    }
    state.budget -= cost;
    const sentAt = options.clock.now();
    const mine = calls.map((call, i) => {
      const key = keys[i] as string;
      let pull = pulls.get(key);
      if (!pull) {
        state.requests += 1;
        // `force`: the stored ETag may belong to data older than the window; the whole answer is wanted.
        const operation = call.operation as 'seasonDetails';
        pull = engine.pull(operation, call.params as never, {
          priority: state.priority,
          signal: state.signal,
          force: true,
        });
        pulls.set(key, pull);
      }
      return pull;
    });
    waits.push(
      Promise.all(mine).then(
        async () => {
          await advance([cursor], sentAt);
          result.fallback += 1;
        },
        () => {
          if (state.signal?.aborted) result.remaining += 1;
          else result.failed += 1;
        },
      ),
    );
  }
  return Promise.all(waits).then(() => undefined);
}
