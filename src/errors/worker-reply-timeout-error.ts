import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/** The service worker did not answer a page's `refresh-now` or `status` in time (it may be stuck or gone). */
export class WorkerReplyTimeoutError extends CatalogueError {
  override readonly name = 'WorkerReplyTimeoutError' as const;
}

export function isWorkerReplyTimeoutError(value: unknown): value is WorkerReplyTimeoutError {
  return isNamedError(value, WorkerReplyTimeoutError, 'WorkerReplyTimeoutError');
}
