import type * as z from 'zod/mini';
import { InvalidParamsError } from '../errors/invalid-params-error.js';
import { calls, isOperationName, type OperationName, type ParsedParamsOf } from './calls.js';
import { issueMessages } from './issue-messages.js';

function offendingParam(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return issue.keys[0] ?? '(params)';
  const first = issue.path[0];
  return first === undefined ? '(params)' : String(first);
}

/**
 * The rule an issue states, in words. A union (`with_genres`: string or id array) reports only "Invalid input",
 * so the message of the branch whose type matched is used, or the types the union expects.
 */
function ruleOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_union') return issue.message;
  const branches = issue.errors.flat();
  // A branch whose own type matched fails with another code, or deeper down (an array's element).
  const specific = branches.find((branch) => branch.code !== 'invalid_type' || branch.path.length > 0);
  if (specific) return ruleOf(specific);
  const expected = new Set(branches.map((branch) => (branch.code === 'invalid_type' ? branch.expected : branch.code)));
  return expected.size > 0 ? `expected ${[...expected].join(' or ')}` : issue.message;
}

/**
 * Only the caller's own keys count: a value inherited from a crafted prototype (`{ __proto__: { series_id } }`) or
 * from a polluted `Object.prototype` must not reach a URL. A null-prototype copy reads nothing inherited; an own
 * `__proto__` key (from `JSON.parse`) stays an own key, which the strict schema then refuses as unknown.
 */
function ownEntries(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(params)) copy[key] = value;
  return copy;
}

/**
 * Validates a caller's flat parameter object against the operation's rules and returns the canonical form
 * (id arrays joined, unknown keys refused). Throws `InvalidParamsError` naming the parameter and the rule.
 */
export function parseParams<O extends OperationName>(operation: O, params: unknown): ParsedParamsOf<O> {
  // An own-key check: `toString` or `__proto__` must not reach the registry's prototype.
  if (!isOperationName(operation)) {
    throw new InvalidParamsError({ operation: String(operation), param: '(operation)', rule: 'unknown operation' });
  }
  const endpoint = calls[operation];
  const result = endpoint.params.safeParse(ownEntries(params ?? {}), issueMessages);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InvalidParamsError({
      operation,
      param: issue ? offendingParam(issue) : '(params)',
      rule: issue ? ruleOf(issue) : 'invalid parameters',
      issues: result.error.issues,
    });
  }
  return checkRules(operation, result.data as Record<string, unknown>);
}

function checkRules<O extends OperationName>(operation: O, parsed: Record<string, unknown>): ParsedParamsOf<O> {
  for (const rule of calls[operation].rules) {
    if (!rule.test(parsed)) throw new InvalidParamsError({ operation, param: rule.param, rule: rule.message });
  }
  return parsed as ParsedParamsOf<O>;
}
