import type * as z from 'zod/mini';
import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * A response did not match its operation's schema (or was not JSON). Deliberately not a `ServiceError`:
 * the service said "success" but sent something the library will not store, so it is quarantined, and
 * retrying will not help.
 */
export class SchemaValidationError extends CatalogueError {
  override readonly name = 'SchemaValidationError' as const;
  readonly operation: string;
  /** The dotted path of the first offending field (`results.3.first_air_date`), or `''` for the whole body. */
  readonly path: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(options: { operation: string; path: string; issues: readonly z.core.$ZodIssue[]; message?: string }) {
    const first = options.issues[0];
    const what = options.message ?? first?.message ?? 'invalid response';
    super(`${options.operation}: response failed validation at "${options.path}": ${what}`);
    this.operation = options.operation;
    this.path = options.path;
    this.issues = options.issues;
  }
}

export function isSchemaValidationError(value: unknown): value is SchemaValidationError {
  return isNamedError(value, SchemaValidationError, 'SchemaValidationError');
}
