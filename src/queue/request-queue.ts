import type { OperationName, ParamsOf, ResponseOf } from '../api/endpoints.js';
import type { ApiResponse, NotModifiedResponse } from '../api/parse-response.js';
import type { PreparedRequest } from '../api/prepared-request.js';
import type { Priority } from './priority.js';
import type { RequestQueueEvents } from './queue-events.js';
import type { QueueStats } from './queue-stats.js';
import type { OfflineMode } from './shared-request.js';

export interface QueueRequestOptions {
  /** @default 'interactive' */
  priority?: Priority | undefined;
  /** Aborting rejects this call with the signal's reason: a request not yet sent is never sent. */
  signal?: AbortSignal | undefined;
  /** A stored ETag: the request is conditional and may answer `NotModifiedResponse` (HTTP 304). */
  ifNoneMatch?: string | undefined;
  /**
   * While offline, `wait` keeps the request queued until connectivity returns; `fail` rejects it with
   * `OfflineError` instead.
   * @default 'wait'
   */
  offline?: OfflineMode | undefined;
}

export type QueueResult<O extends OperationName> = ApiResponse<ResponseOf<O>> | NotModifiedResponse;

export interface RequestQueue {
  /**
   * Queues, sends and retries a request validated by `prepareRequest`: nothing parses or keys it again. A request
   * not made by `prepareRequest` is refused with a `TypeError`.
   */
  send<O extends OperationName>(
    request: PreparedRequest<O>,
    options?: QueueRequestOptions & { ifNoneMatch?: undefined },
  ): Promise<ApiResponse<ResponseOf<O>>>;
  send<O extends OperationName>(
    request: PreparedRequest<O>,
    options: QueueRequestOptions & { ifNoneMatch: string },
  ): Promise<QueueResult<O>>;
  send<O extends OperationName>(request: PreparedRequest<O>, options?: QueueRequestOptions): Promise<QueueResult<O>>;
  /**
   * `send(prepareRequest(operation, params), options)`: validates `params` at once (`InvalidParamsError` before
   * anything is queued), then queues, sends, retries.
   */
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options?: QueueRequestOptions & { ifNoneMatch?: undefined },
  ): Promise<ApiResponse<ResponseOf<O>>>;
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options: QueueRequestOptions & { ifNoneMatch: string },
  ): Promise<QueueResult<O>>;
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options?: QueueRequestOptions,
  ): Promise<QueueResult<O>>;
  /**
   * A request sent before this queue existed (a cold first visit's, by the catalogue's front door): it holds a
   * place in the rate window from now until it answers, like a request this queue sent.
   */
  adopt(answer: Promise<unknown>): void;
  /** Subscribes to a typed event; returns the unsubscribe function. */
  on<E extends keyof RequestQueueEvents>(event: E, listener: (...args: RequestQueueEvents[E]) => void): () => void;
  off<E extends keyof RequestQueueEvents>(event: E, listener: (...args: RequestQueueEvents[E]) => void): void;
  /** The current snapshot; replaced (never mutated) on change. */
  readonly stats: QueueStats;
  /** Resolves when nothing is queued, backing off or in flight; at once if that holds already. */
  onIdle(): Promise<void>;
  /**
   * Changes the configured rate while running, e.g. when this tab's share of the origin's budget changes
   * (DESIGN, Contracts: "Tabs, worker, lock, budget"). Starts already in the window still count.
   */
  setRateLimit(rateLimit: { perSecond: number }): void;
  /** Holds every request not yet sent; those in flight finish. */
  pause(): void;
  resume(): void;
  /** Rejects every request not yet on the wire with `reason` (an `AbortError` by default); never sends them. */
  clear(reason?: unknown): void;
  /** `clear()`, stop listening to connectivity and release timers. Requests after `close()` reject. */
  close(): void;
}
