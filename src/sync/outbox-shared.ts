import { endpoints } from '../api/endpoints.js';
import type { MutationOperation } from '../store/tables/outbox-rows.js';
import { writeThrough } from '../store/write/write-gate.js';
import { deliveryOutcome, outboxError } from './outbox-delivery.js';

/**
 * What the outbox uses of modules the core shares with the first read: the write gate (a full disk evicts browse
 * data and retries once), the call registry (which changes a guest may send) and the errors (how an answer to a
 * write is taken, and the credential-free copy kept of a failure). The core hands them in rather than the outbox
 * importing them: the outbox is a chunk of its own (`lazy-features.ts`), and a bundler splits by file, so a module
 * it shared with the first read would be cut out into one more chunk on that path (as `FeedStore` does for the
 * change feeds).
 */
export interface OutboxShared {
  readonly writeThrough: typeof writeThrough;
  /** Whether the change is sent with a guest's session when its user is a guest (the ratings). */
  sendsGuestSession(operation: MutationOperation): boolean;
  readonly deliveryOutcome: typeof deliveryOutcome;
  readonly outboxError: typeof outboxError;
}

/** The core's `OutboxShared`. */
export function outboxShared(): OutboxShared {
  return {
    writeThrough,
    sendsGuestSession: (operation) => endpoints[operation].scope === 'user-or-guest',
    deliveryOutcome,
    outboxError,
  };
}
