import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';
import type { ParamIssue } from './param-issue.js';

/** Parameters broke a rule of the operation. Thrown before any request is built or sent. */
export class InvalidParamsError extends CatalogueError {
  override readonly name = 'InvalidParamsError' as const;
  readonly operation: string;
  /** The first offending parameter, by the service's name (`series_id`, `vote_average.gte`). */
  readonly param: string;
  /** The rule it broke, in words. */
  readonly rule: string;
  readonly issues: readonly ParamIssue[];

  constructor(options: { operation: string; param: string; rule: string; issues?: readonly ParamIssue[] }) {
    super(`${options.operation}: invalid parameter "${options.param}": ${options.rule}`);
    this.operation = options.operation;
    this.param = options.param;
    this.rule = options.rule;
    this.issues = options.issues ?? [];
  }
}

export function isInvalidParamsError(value: unknown): value is InvalidParamsError {
  return isNamedError(value, InvalidParamsError, 'InvalidParamsError');
}
