import type { FirstAnswerRow } from '../store/first-answers-db.js';
import { deepFreeze, type ViewSnapshot } from '../sync/view-snapshot.js';

/**
 * The snapshot a view shows from a first answer: what its key entry shows from the same stored answer and
 * freshness row (`sync/key-entry.ts`, `#show`): fresh until `expiresAt`, stale after or without one.
 */
export function firstSnapshot<T>(row: FirstAnswerRow, now: number): ViewSnapshot<T> {
  const status = row.expiresAt !== undefined && now < row.expiresAt ? 'fresh' : 'stale';
  return Object.freeze({
    data: deepFreeze(row.data) as T,
    status,
    fetching: false,
    error: undefined,
    updatedAt: row.updatedAt,
  });
}
