import type { FirstAnswerRow } from '../store/first-answers/first-answers-db.js';
import { answerFreshness } from '../sync/freshness.js';
import { deepFreeze, type ViewSnapshot } from '../sync/view-snapshot.js';

/**
 * The snapshot a view shows from a first answer: what its key entry shows from the same stored answer and
 * freshness row (`sync/key-entry.ts`, `#show`), by the same rule (`answerFreshness`).
 */
export function firstSnapshot<T>(row: FirstAnswerRow, now: number): ViewSnapshot<T> {
  return Object.freeze({
    data: deepFreeze(row.data) as T,
    status: answerFreshness(row.expiresAt, now),
    fetching: false,
    error: undefined,
    updatedAt: row.updatedAt,
  });
}
