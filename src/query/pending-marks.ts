import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { mappingOf } from '../store/mappings/store-mappings.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import type { PendingItems } from './pending-items.js';
import type { View } from './view.js';
import { viewWith } from './view-with.js';

/** The item keys a view's data shows, from its answer. */
type ItemKeys = (data: unknown) => readonly string[];

const KIND_OF_TABLE: Readonly<Record<string, string>> = { tvSeries: 'tv', movies: 'movie' };

/** The single item a detail or account-state view is about, from its parameters. */
function singleItem(operation: StoredOperation, p: Record<string, unknown>): string | undefined {
  if (operation === 'tvAccountStates' || operation === 'tvSeriesDetails') return `tv:${p.series_id}`;
  if (operation === 'movieDetails') return `movie:${p.movie_id}`;
  if (operation === 'episodeAccountStates') return `episode:${p.series_id}:${p.season_number}:${p.episode_number}`;
  return undefined;
}

/**
 * How a view of `operation` names its items (`tv:1399`): a list's results (by their `media_type`, else the list's
 * kind), a stored list's items (movies), or the one item a detail view is about; undefined when it shows no item
 * a change can act on (credits, images, configuration, people).
 */
export function itemKeysOf(operation: StoredOperation, params: unknown): ItemKeys | undefined {
  const single = singleItem(operation, (params ?? {}) as Record<string, unknown>);
  if (single !== undefined) return () => [single];
  const mapping = mappingOf(operation);
  const kind = operation === 'listDetails' ? 'movie' : KIND_OF_TABLE[mapping.tables[0] ?? ''];
  if (mapping.kind !== 'list' && operation !== 'listDetails') return undefined;
  return (data) => {
    const envelope = data as { results?: unknown[]; items?: unknown[] } | undefined;
    const items = (envelope?.results ?? envelope?.items ?? []) as { id?: unknown; media_type?: unknown }[];
    return items.map((item) => `${item.media_type ?? kind}:${item.id}`);
  };
}

/**
 * `view` whose snapshot says, beside `data`, which of its items have a change waiting in the outbox: `pending`, a
 * set of item keys, present only while one does. `data` itself is never touched (it stays what the service would
 * serve with the user's changes applied), and the view's entry never sees the mark, so it is never kept as a first
 * answer. While no item of the view is pending, the view's own snapshot is shown as it is.
 */
export function withPendingMarks<V extends View<ViewSnapshot<unknown>>>(
  view: V,
  pending: PendingItems,
  itemKeys: ItemKeys,
): V {
  let base: ViewSnapshot<unknown> | undefined;
  let baseKeys: ReadonlySet<string> | undefined;
  let shown: ViewSnapshot<unknown> = view.getSnapshot();
  const getSnapshot = () => {
    const snapshot = view.getSnapshot();
    const keys = pending.get();
    if (snapshot === base && keys === baseKeys) return shown;
    base = snapshot;
    baseKeys = keys;
    const marked =
      keys.size === 0 || snapshot.data === undefined ? [] : itemKeys(snapshot.data).filter((k) => keys.has(k));
    shown = marked.length === 0 ? snapshot : Object.freeze({ ...snapshot, pending: new Set(marked) });
    return shown;
  };
  const subscribe = (listener: () => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe: listener must be a function');
    // The outbox's changes reach this listener only when they change what it shows (most change no item here).
    let seen = getSnapshot();
    const stopPending = pending.subscribe(() => {
      const now = getSnapshot();
      if (now === seen) return;
      seen = now;
      listener();
    });
    const stopView = view.subscribe(() => {
      seen = getSnapshot();
      listener();
    });
    return () => {
      stopView();
      stopPending();
    };
  };
  return viewWith(view, getSnapshot, subscribe);
}
