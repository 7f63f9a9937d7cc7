import { isServiceError } from '../errors/index.js';
import type { ErrorSummary } from './queue-events.js';

/** An error reduced to plain facts for events and logs: never its message, which may quote a URL. */
export function summarize(error: unknown): ErrorSummary {
  if (isServiceError(error)) return { name: error.name, status: error.status, statusCode: error.statusCode };
  const name = error instanceof Error ? error.name : typeof error;
  return { name };
}
