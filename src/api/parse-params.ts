import { InvalidParamsError } from '../errors/invalid-params-error.js';
import { calls, isOperationName, type OperationName, type ParsedParamsOf } from './calls.js';

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
  const result = endpoint.params.check(ownEntries(params ?? {}));
  if (!result.ok) {
    const issue = result.issues[0];
    throw new InvalidParamsError({
      operation,
      param: issue?.path[0] === undefined ? '(params)' : String(issue.path[0]),
      rule: issue?.message ?? 'invalid parameters',
      issues: result.issues,
    });
  }
  return checkRules(operation, result.value as Record<string, unknown>);
}

function checkRules<O extends OperationName>(operation: O, parsed: Record<string, unknown>): ParsedParamsOf<O> {
  for (const rule of calls[operation].rules) {
    if (!rule.test(parsed)) throw new InvalidParamsError({ operation, param: rule.param, rule: rule.message });
  }
  return parsed as ParsedParamsOf<O>;
}
