import { isServiceError } from '../api/errors/index.js';
import { isOfflineError } from '../queue/offline-error.js';
import { isRetryable } from '../queue/retry-policy.js';
import type { MutationOperation, OutboxError } from '../store/outbox-rows.js';

/**
 * How an answer to a write is taken. The service has no idempotency keys, so delivery is at-least-once with an
 * idempotent outcome (DESIGN, Contracts "Outbox delivery"): an answer meaning "already in the target state"
 * is a success, so a write replayed after a lost response is not reported as a failure.
 *
 * - `done`: delivered, or already in the target state.
 * - `retry`: worth sending again later (network, timeout, 429, 5xx, offline, the queue closing): stays pending.
 * - `failed`: the service will refuse it every time (other 4xx, invalid answers): rolled back.
 */
export type DeliveryOutcome = 'done' | 'retry' | 'failed';

/** HTTP-200 failures meaning "nothing to do": 21 entry not found (not on the list), 40 nothing to update. */
const ALREADY_DONE_CODES = new Set([21, 40]);

export function deliveryOutcome(operation: MutationOperation, error: unknown): DeliveryOutcome {
  if (isServiceError(error)) {
    if (error.status === 200 && error.statusCode !== undefined && ALREADY_DONE_CODES.has(error.statusCode)) {
      return 'done';
    }
    // A rating already deleted: the resource is not there, which is what deleting it wanted.
    const deletesRating = operation === 'deleteTvSeriesRating' || operation === 'deleteEpisodeRating';
    if (deletesRating && error.status === 404 && error.statusCode === 34) return 'done';
  }
  if (isRetryable(error) || isOfflineError(error) || isAbortLike(error)) return 'retry';
  return 'failed';
}

function isAbortLike(error: unknown): boolean {
  return (error as { name?: unknown })?.name === 'AbortError';
}

/** A plain, credential-free copy of an error for rows, events and the outbox view. */
export function outboxError(error: unknown, at: number): OutboxError {
  const e = error as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
  const plain: { -readonly [K in keyof OutboxError]: OutboxError[K] } = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
    at,
  };
  if (typeof e?.status === 'number') plain.status = e.status;
  if (typeof e?.statusCode === 'number') plain.statusCode = e.statusCode;
  return plain;
}
