/**
 * The parameter rules' own small schema kit.
 *
 * Why not zod: parameters are flat and few-typed (ids, numbers, enumerations, patterned strings, booleans, one id
 * list), and every view checks its parameters synchronously before anything else of the library has loaded. The
 * first-read path has a budget of 15 KB min+gzip (`npm run size`); zod, even `zod/mini`, would take most of it.
 * This kit does the same checks in a fraction of that, while responses keep their zod schemas (they load with the
 * core).
 *
 * It speaks Standard Schema (https://standardschema.dev, `~standard`, version 1): every rule and every strict
 * object has `validate(value)`, returning `{ value }` (the canonical value) or `{ issues: [{ message, path }] }`,
 * so a form library or a router that takes Standard Schemas can check a view's parameters with the library's
 * own rules. Its vendor is `catalogue-sync`.
 *
 * Its wording is its own, fixed here (and pinned by `test/api/param-schema.test.ts`): an `InvalidParamsError` reads
 * the same whichever version checked it. Each issue has a code (`ParamIssueCode`), the path to the parameter, and
 * one of these messages:
 *
 * | code | message |
 * |---|---|
 * | `invalid_type` | `Invalid input: expected <number, int, string, boolean or object>, received <what came>` |
 * | `too_small`, `too_big` | `Too small: expected number to be >=<min>`, `Too big: expected number to be <=<max>` |
 * | `invalid_value` | `Invalid option: expected one of "a"\|"b"` |
 * | `invalid_format` | the rule's own sentence (`expected YYYY-MM-DD`) |
 * | `custom` | the rule's own sentence (`not a calendar date`) |
 * | `unrecognized_keys` | `Unrecognized key: "<key>"` |
 *
 * The sentences were chosen to match zod's English ones when this kit replaced zod for parameters, so messages
 * did not change for users then; they are this kit's from now on, and a zod upgrade does not change them.
 */
import type { ParamIssue, ParamIssueCode } from '../errors/param-issue.js';

export type { ParamIssue, ParamIssueCode };

/** One issue as Standard Schema reports it. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
}

/** What Standard Schema's `validate` returns (this kit never answers with a promise). */
export type StandardResult<O> =
  | { readonly value: O; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** The Standard Schema v1 interface (https://standardschema.dev), declared here: the kit depends on nothing. */
export interface StandardSchemaV1<I = unknown, O = I> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<O>;
    /** Types only: never set. */
    readonly types?: { readonly input: I; readonly output: O } | undefined;
  };
}

/** The `~standard` member over one of the kit's checks. */
function standard<I, O>(
  check: (value: unknown) => ParamCheck<O> | ParamObjectCheck<O>,
): StandardSchemaV1<I, O>['~standard'] {
  return {
    version: 1,
    vendor: 'catalogue-sync',
    validate: (value) => {
      const checked = check(value);
      if (checked.ok) return { value: checked.value };
      const issues = 'issues' in checked ? checked.issues : [checked.issue];
      return { issues: issues.map(({ message, path }) => ({ message, path })) };
    },
  };
}

/** A checked value, or the first rule it broke. */
export type ParamCheck<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly issue: ParamIssue };

declare const types: unique symbol;

/**
 * One parameter's rule: `I` is what a caller may pass, `O` the canonical value sent (an id array becomes the
 * service's comma-joined string). `optional` parameters may be left out.
 */
export interface Param<I, O = I, Optional extends boolean = boolean> extends StandardSchemaV1<I, O> {
  readonly optional: Optional;
  readonly check: (value: unknown) => ParamCheck<O>;
  /** Types only: never set. */
  readonly [types]?: { readonly input: I; readonly output: O };
}

// biome-ignore lint/suspicious/noExplicitAny: a shape holds parameters of any types
export type ParamShape = Readonly<Record<string, Param<any, any>>>;
export type ParamInput<P> = P extends Param<infer I, unknown> ? I : never;
export type ParamOutput<P> = P extends Param<unknown, infer O> ? O : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<S extends ParamShape> = {
  [K in keyof S]: S[K] extends Param<unknown, unknown, true> ? K : never;
}[keyof S];
type RequiredKeys<S extends ParamShape> = Exclude<keyof S, OptionalKeys<S>>;

/** The object a caller passes for a shape: required keys, and optional ones that may be left out. */
export type InputOf<S extends ParamShape> = Simplify<
  { [K in RequiredKeys<S>]: ParamInput<S[K]> } & { [K in OptionalKeys<S>]?: ParamInput<S[K]> }
>;
/** The canonical object a shape checks to. */
export type OutputOf<S extends ParamShape> = Simplify<
  { [K in RequiredKeys<S>]: ParamOutput<S[K]> } & { [K in OptionalKeys<S>]?: ParamOutput<S[K]> }
>;

const pass = <O>(value: O): ParamCheck<O> => ({ ok: true, value });
const fail = (code: ParamIssueCode, message: string): ParamCheck<never> => ({
  ok: false,
  issue: { code, path: [], message },
});

/** How zod names a value's type in "received …". */
function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'number' : 'Infinity';
  if (typeof value !== 'object') return typeof value;
  try {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return typeof name === 'string' && name !== 'Object' ? name : 'object';
  } catch {
    // A proxy whose traps throw is still refused with this issue, not with its own error.
    return 'object';
  }
}

const wrongType = (expected: string, value: unknown) =>
  fail('invalid_type', `Invalid input: expected ${expected}, received ${received(value)}`);

function make<I, O = I>(check: (value: unknown) => ParamCheck<O>): Param<I, O, false> {
  return { optional: false, check, '~standard': standard<I, O>(check) };
}

/** A finite number within `[min, max]`; `whole` also refuses fractions (zod's `int`). */
function numeric(min: number, max: number, whole: boolean): Param<number> {
  return make((value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return wrongType('number', value);
    if (whole && !Number.isInteger(value)) return wrongType('int', value);
    if (value < min) return fail('too_small', `Too small: expected number to be >=${min}`);
    if (value > max) return fail('too_big', `Too big: expected number to be <=${max}`);
    return pass(value);
  });
}

/** An integer within `[min, max]` (at most `Number.MAX_SAFE_INTEGER`). */
export const integer = (min: number, max = Number.MAX_SAFE_INTEGER) => numeric(min, max, true);

/** A finite number within `[min, max]`, with an extra rule when given. */
export function decimal(min: number, max: number, rule?: { test: (value: number) => boolean; message: string }) {
  const base = numeric(min, max, false);
  return make<number>((value) => {
    const checked = base.check(value);
    return checked.ok && rule && !rule.test(checked.value) ? fail('custom', rule.message) : checked;
  });
}

export const boolean = () =>
  make<boolean>((value) => (typeof value === 'boolean' ? pass(value) : wrongType('boolean', value)));

/** One of `options`, exactly. */
export function oneOf<const T extends readonly string[]>(
  options: T,
): Param<T[number], T[number], false> & { readonly options: T } {
  const allowed = new Set<unknown>(options);
  return {
    ...make<T[number]>((value) =>
      allowed.has(value)
        ? pass(value as T[number])
        : fail('invalid_value', `Invalid option: expected one of ${options.map((o) => `"${o}"`).join('|')}`),
    ),
    options,
  };
}

/**
 * A string matching `pattern` (the whole of it: anchor the pattern), with `message` when it does not, and an extra
 * rule when given. Lengths are part of the pattern, so no oversized string is ever kept.
 */
export function text(pattern: RegExp, message: string, rule?: { test: (value: string) => boolean; message: string }) {
  return make<string>((value) => {
    if (typeof value !== 'string') return wrongType('string', value);
    if (!pattern.test(value)) return fail('invalid_format', message);
    return rule && !rule.test(value) ? fail('custom', rule.message) : pass(value);
  });
}

/** The same rule, and the parameter may be left out (`undefined`). */
export function optional<I, O>(param: Param<I, O>): Param<I | undefined, O | undefined, true> {
  const check = (value: unknown): ParamCheck<O | undefined> =>
    value === undefined ? pass(undefined) : param.check(value);
  return { optional: true, check, '~standard': standard<I | undefined, O | undefined>(check) };
}

/** A custom rule for a parameter the primitives above do not express (an id list taking two forms). */
export const param = make;

/** The outcome of checking a parameter object: its canonical form, or every rule it broke. */
export type ParamObjectCheck<O> =
  | { readonly ok: true; readonly value: O }
  | { readonly ok: false; readonly issues: readonly ParamIssue[] };

/** A strict object of parameters: unknown keys are refused, not dropped (a misspelt filter must not pass). */
export interface ParamObject<S extends ParamShape> extends StandardSchemaV1<InputOf<S>, OutputOf<S>> {
  readonly shape: S;
  readonly check: (value: unknown) => ParamObjectCheck<OutputOf<S>>;
}

/**
 * Checks an object against `shape`: each known key by its rule (an `undefined` optional key is left out of the
 * result), then every own key the shape does not know. Only own keys are read.
 */
export function strictObject<S extends ParamShape>(shape: S): ParamObject<S> {
  const check = (value: unknown): ParamObjectCheck<OutputOf<S>> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, issues: [(wrongType('object', value) as { issue: ParamIssue }).issue] };
    }
    const input = value as Record<string, unknown>;
    const issues: ParamIssue[] = [];
    const output: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const checked = (shape[key] as Param<unknown>).check(Object.hasOwn(input, key) ? input[key] : undefined);
      if (!checked.ok) issues.push({ ...checked.issue, path: [key, ...checked.issue.path] });
      else if (checked.value !== undefined) output[key] = checked.value;
    }
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(shape, key)) {
        issues.push({ code: 'unrecognized_keys', path: [key], message: `Unrecognized key: ${JSON.stringify(key)}` });
      }
    }
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: output as OutputOf<S> };
  };
  return { shape, check, '~standard': standard<InputOf<S>, OutputOf<S>>(check) };
}
