import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { Subscribable } from '../sync/subscribable.js';
import { watch } from './live-source.js';
import { type OutboxEntry, readOutbox } from './outbox-view.js';

/**
 * The items the signed-in user has a change waiting for (pending or being sent; a failed change is rolled back
 * and is the outbox's to show), as item keys: `tv:1399`, `movie:603`, `episode:1399:1:2`. One live read of the
 * outbox, shared by every view that marks its items, running while any of them is watched.
 */
export interface PendingItems {
  subscribe(listener: () => void): () => void;
  /** The keys; the same set object until they change. */
  get(): ReadonlySet<string>;
}

const NONE: ReadonlySet<string> = new Set();

/** The item a change acts on. A v3 list holds movies, so a list item is a movie. */
export function itemKeyOfChange({ operation, params: p }: Pick<OutboxEntry, 'operation' | 'params'>): string {
  switch (operation) {
    case 'markFavorite':
    case 'addToWatchlist':
      return `${p.media_type}:${p.media_id}`;
    case 'rateTvSeries':
    case 'deleteTvSeriesRating':
      return `tv:${p.series_id}`;
    case 'rateEpisode':
    case 'deleteEpisodeRating':
      return `episode:${p.series_id}:${p.season_number}:${p.episode_number}`;
    case 'removeListItem':
      return `movie:${p.media_id}`;
  }
}

/** The keys of the unsettled changes, from the outbox's own read (its user, its rows). */
async function readPending(db: CatalogueDatabase): Promise<string[]> {
  const { entries } = await readOutbox(db);
  return [...new Set(entries.filter((e) => e.state !== 'failed').map((e) => itemKeyOfChange(e)))].sort();
}

export function createPendingItems(db: CatalogueDatabase): PendingItems {
  let keys = NONE;
  let text = '';
  let stop: (() => void) | undefined;
  const { subscribe, notify } = new Subscribable({
    onFirst: () => {
      stop = watch(
        () => readPending(db),
        (read) => {
          // Compared by content: a write to the outbox that changes no item's mark (a retry's attempt) emits nothing.
          const next = read.join(' ');
          if (next === text) return;
          text = next;
          keys = read.length === 0 ? NONE : new Set(read);
          notify();
        },
        () => {},
      );
    },
    onLast: () => {
      stop?.();
      stop = undefined;
      // Unwatched, the keys would go stale: the next watcher starts from none until its first read.
      keys = NONE;
      text = '';
    },
  });
  return { subscribe, get: () => keys };
}
