import type { OperationName, ResponseOf } from '../api/endpoints.js';
import type { ApiResponse } from '../api/parse-response.js';
import type { QueueResult, RequestQueue } from '../queue/request-queue.js';
import { isRetryable } from '../queue/retry-policy.js';
import { untilAborted } from './until-aborted.js';

/**
 * Answers to requests sent before the engine existed: a cold first visit's views, sent by the front door while
 * the core was loading. Each is adopted once, by the pull of its key, instead of sending the call again; until it
 * answers it holds its place in the queue's rate window like any request.
 */
export class AdoptedAnswers {
  readonly #answers = new Map<string, Promise<ApiResponse<unknown>>>();
  readonly #queue: RequestQueue;

  constructor(queue: RequestQueue) {
    this.#queue = queue;
  }

  add(requestKey: string, answer: Promise<ApiResponse<unknown>>): void {
    this.#answers.set(requestKey, answer);
    this.#queue.adopt(answer);
  }

  /**
   * The answer sent for `requestKey` before the engine, once, or undefined. A failure the queue would have retried
   * (the network, a timeout, a 5xx or a 429) is sent again through the queue (`resend`); any other failure (a 404,
   * an answer that fails validation) is the key's answer, as it would have been through the queue.
   */
  take<O extends OperationName>(
    requestKey: string,
    signal: AbortSignal | undefined,
    resend: () => Promise<QueueResult<O>>,
  ): Promise<QueueResult<O>> | undefined {
    const answer = this.#answers.get(requestKey) as Promise<ApiResponse<ResponseOf<O>>> | undefined;
    if (!answer) return undefined;
    this.#answers.delete(requestKey);
    const adopted = answer.catch((error: unknown) => {
      if (isRetryable(error)) return resend();
      throw error;
    });
    // The request left before anyone could abort it; a caller that gives up stops waiting for it.
    return untilAborted(adopted, signal);
  }
}
