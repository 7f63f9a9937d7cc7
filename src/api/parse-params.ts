import type { z } from 'zod';
import { endpoints, type OperationName, type ParsedParamsOf } from './endpoints.js';
import { InvalidParamsError } from './errors/invalid-params-error.js';

function offendingParam(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return issue.keys[0] ?? '(params)';
  const first = issue.path[0];
  return first === undefined ? '(params)' : String(first);
}

/**
 * Validates a caller's flat parameter object against the operation's rules and returns the canonical form
 * (id arrays joined, unknown keys refused). Throws `InvalidParamsError` naming the parameter and the rule.
 */
export function parseParams<O extends OperationName>(operation: O, params: unknown): ParsedParamsOf<O> {
  const endpoint = endpoints[operation];
  if (!endpoint) {
    throw new InvalidParamsError({ operation: String(operation), param: '(operation)', rule: 'unknown operation' });
  }
  const result = endpoint.params.safeParse(params ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InvalidParamsError({
      operation,
      param: issue ? offendingParam(issue) : '(params)',
      rule: issue?.message ?? 'invalid parameters',
      issues: result.error.issues,
    });
  }
  const parsed = result.data as Record<string, unknown>;
  for (const rule of endpoint.rules) {
    if (!rule.test(parsed)) throw new InvalidParamsError({ operation, param: rule.param, rule: rule.message });
  }
  return parsed as ParsedParamsOf<O>;
}
