import type { OperationName } from '../api/endpoints.js';
import type { Priority } from './priority.js';
import type { QueueStats } from './queue-stats.js';

/**
 * What events say about a request. `key` is the request key over redacted parameters: session ids and request
 * tokens never appear in an event (DESIGN, Contracts: "Credentials"). `id` tells concurrent requests apart.
 */
export interface RequestInfo {
  readonly id: number;
  readonly operation: OperationName;
  readonly key: string;
  readonly priority: Priority;
  /** 1 for the first send, 2 for the first retry… */
  readonly attempt: number;
}

/** An error reduced to plain, credential-free facts. */
export interface ErrorSummary {
  readonly name: string;
  /** The HTTP status of a `ServiceError`. */
  readonly status?: number;
  /** The service's own `status_code` (25 for its rate limit). */
  readonly statusCode?: number;
}

export interface RequestEvent extends RequestInfo {
  /** Clock time the request left the queue. */
  readonly at: number;
}

export interface ResponseEvent extends RequestInfo {
  readonly at: number;
  readonly durationMs: number;
  /** The HTTP status (304 for not modified), or undefined when no answer came (network error, timeout, abort). */
  readonly status: number | undefined;
  readonly error?: ErrorSummary;
}

export interface RetryEvent extends RequestInfo {
  readonly at: number;
  /** How long the request waits before it re-enters the queue (0 after a 429: the queue pause holds it). */
  readonly delayMs: number;
  readonly error: ErrorSummary;
}

export interface RateLimitedEvent {
  readonly at: number;
  /** Clock time until which no request starts. */
  readonly until: number;
  /** The service's `Retry-After`, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** The rate (starts per second) after this 429. */
  readonly rate: number;
}

export interface DedupedEvent {
  readonly id: number;
  readonly operation: OperationName;
  readonly key: string;
}

/** The typed event map of a request queue (eventemitter3). */
export interface RequestQueueEvents {
  /** A request left the queue for the network (each attempt). */
  request: [RequestEvent];
  /** An attempt ended: an answer, or an error without one. */
  response: [ResponseEvent];
  /** An attempt failed in a way worth another try, and another is left. */
  retry: [RetryEvent];
  /** A 429: the whole queue pauses until `until`. */
  rateLimited: [RateLimitedEvent];
  /** A call joined an identical GET already in flight instead of sending its own. */
  deduped: [DedupedEvent];
  /** Nothing queued, waiting to retry or in flight. */
  idle: [];
  /** `stats` was replaced. */
  stats: [QueueStats];
}
