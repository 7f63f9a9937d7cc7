import { isInvalidParamsError, isServiceError } from '../errors/index.js';
import { scrubMessage } from '../errors/scrub-message.js';
import type { MutationOperation, OutboxError } from '../store/tables/outbox-rows.js';

/**
 * How an answer to a write is taken. The service has no idempotency keys, so delivery is at-least-once with an
 * idempotent outcome (DESIGN, Contracts "Outbox delivery"): an answer meaning "already in the target state"
 * is a success, so a write replayed after a lost response is not reported as a failure.
 *
 * - `done`: delivered, or already in the target state.
 * - `failed`: the service said no (a 4xx in its own envelope), or the write is invalid here: it will be refused
 *   every time.
 * - `session`: the service refused the user's session (expired or revoked): not the change, which waits for the
 *   same user to sign in again.
 * - `unknown`: anything else. A network error, a timeout, a 429 or 5xx, an abort, but also a 2xx whose body is not
 *   the status envelope (a captive portal's HTML page) or a body cut short after the service committed: the write
 *   may or may not have landed, so the row stays pending and is sent again until the service answers clearly.
 */
export type DeliveryOutcome = 'done' | 'unknown' | 'failed' | 'session';

/** HTTP-200 failures meaning "nothing to do": 21 entry not found (not on the list), 40 nothing to update. */
const ALREADY_DONE_CODES = new Set([21, 40]);

/**
 * 401 codes that refuse the session rather than the request (FACTS.md, status codes). Every change is sent with its
 * user's session id, so 3 "Authentication failed" there means a session the service no longer knows (it expired or
 * was revoked; the fake answers it for an unknown session id too), and 17 "Session denied" is the session's own
 * refusal. Not 7 / 10 (the API key: invalid or suspended, the same for every user and every request), nor 36 / 38 /
 * 39 (a session the service knows, lacking a right to this resource: asking again will not change that).
 */
const SESSION_CODES = new Set([3, 17]);

export function deliveryOutcome(operation: MutationOperation, error: unknown): DeliveryOutcome {
  if (isInvalidParamsError(error)) return 'failed';
  if (!isServiceError(error)) return 'unknown';
  if (error.status === 401 && error.statusCode !== undefined && SESSION_CODES.has(error.statusCode)) return 'session';
  if (error.status === 200 && error.statusCode !== undefined && ALREADY_DONE_CODES.has(error.statusCode)) {
    return 'done';
  }
  // A rating already deleted: the resource is not there, which is what deleting it wanted.
  const deletesRating = operation === 'deleteTvSeriesRating' || operation === 'deleteEpisodeRating';
  if (deletesRating && error.status === 404 && error.statusCode === 34) return 'done';
  // Only the service's own refusal is final: a 4xx in its envelope (a proxy's or a portal's 4xx page has none).
  const spokeForItself = error.statusCode !== undefined || (error.errors?.length ?? 0) > 0;
  const refused = error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
  return refused && spokeForItself ? 'failed' : 'unknown';
}

/** A plain, credential-free copy of an error for rows, events and the outbox view: no URL, no session id. */
export function outboxError(error: unknown, at: number): OutboxError {
  const e = error as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
  const plain: { -readonly [K in keyof OutboxError]: OutboxError[K] } = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: scrubMessage(typeof e?.message === 'string' ? e.message : String(error)),
    at,
  };
  if (typeof e?.status === 'number') plain.status = e.status;
  if (typeof e?.statusCode === 'number') plain.statusCode = e.statusCode;
  return plain;
}
