import type { z } from 'zod';
import { InvalidParamsError } from '../errors/invalid-params-error.js';
import { endpoints, isOperationName, type OperationName, type ParsedParamsOf } from './endpoints.js';

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
  const endpoint = endpoints[operation];
  const own = ownEntries(params ?? {});
  const quick = parseByKey(endpoint.params, own);
  if (quick) return checkRules(operation, quick);
  const result = endpoint.params.safeParse(own);
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
  for (const rule of endpoints[operation].rules) {
    if (!rule.test(parsed)) throw new InvalidParamsError({ operation, param: rule.param, rule: rule.message });
  }
  return parsed as ParsedParamsOf<O>;
}

/** What checking a params schema key by key needs: its keys in order, and those that may be left out. */
interface KeyPlan {
  readonly shape: Readonly<Record<string, z.ZodType>>;
  readonly keys: readonly string[];
  readonly optional: ReadonlySet<string>;
}

const keyPlans = new WeakMap<z.ZodType, KeyPlan | null>();

/**
 * A strict object whose keys are independent (no object-level check, no default for a left-out key): what
 * every endpoint's `params` is. Anything else (null) is only ever parsed whole.
 */
function keyPlanOf(schema: z.ZodType): KeyPlan | null {
  let plan = keyPlans.get(schema);
  if (plan !== undefined) return plan;
  plan = null;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const catchall = def.catchall as { _zod?: { def?: { type?: string } } } | undefined;
  const shape = def.shape as Record<string, z.ZodType> | undefined;
  const checks = def.checks as unknown[] | undefined;
  if (def.type === 'object' && catchall?._zod?.def?.type === 'never' && shape && !checks?.length) {
    const keys = Object.keys(shape);
    // zod marks what may be left out: `optin` on the way in, `optout` on the way out. In but not out is a
    // default, which would need zod's own object parse. (Read from the marks, not by parsing undefined through
    // every key: a new page's first call would pay for 33 first parses.)
    const marks = keys.map((key) => (shape[key] as unknown as { _zod: { optin?: string; optout?: string } })._zod);
    if (marks.every((mark) => (mark.optin === 'optional') === (mark.optout === 'optional'))) {
      plan = { shape, keys, optional: new Set(keys.filter((_, i) => marks[i]?.optin === 'optional')) };
    }
  }
  keyPlans.set(schema, plan);
  return plan;
}

/**
 * The strict object's parse over the given keys only: each given value through its key's schema, in the
 * shape's order, as zod builds its output (a key given as undefined stays, one left out does not). Undefined
 * whenever zod would report an issue (an unknown key, a missing required one, a bad value), so that the whole
 * parse reports it, or when the schema is not such an object. A call gives 2 or 3 of discover's 33 keys: zod's
 * object parse visits all 33, about a tenth of a warm start, where this visits what was given.
 */
export function parseByKey(schema: z.ZodType, own: unknown): Record<string, unknown> | undefined {
  if (typeof own !== 'object' || own === null || Array.isArray(own)) return undefined;
  const plan = keyPlanOf(schema);
  if (!plan) return undefined;
  const given = own as Record<string, unknown>;
  for (const key in given) if (!Object.hasOwn(plan.shape, key)) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of plan.keys) {
    if (!(key in given)) {
      if (!plan.optional.has(key)) return undefined;
      continue;
    }
    const result = (plan.shape[key] as z.ZodType).safeParse(given[key]);
    if (!result.success) return undefined;
    out[key] = result.data;
  }
  return out;
}
