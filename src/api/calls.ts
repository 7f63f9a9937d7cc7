import type { InputOf, OutputOf } from './param-schema.js';
import { catalogueCalls } from './registry/catalogue-calls.js';
import { changeCalls } from './registry/change-calls.js';
import { creditCalls } from './registry/credit-calls.js';
import { detailCalls } from './registry/detail-calls.js';
import { searchCalls } from './registry/search-calls.js';
import { userCalls } from './registry/user-calls.js';

/**
 * The registry: every operation declared once, by group, in `registry/`. An entry (`<group>-calls.ts`) says how to
 * call its operation and what becomes of its answers: method, path, parameter schemas, cross-parameter rules, scope,
 * kind, lifetime and whether its answers are stored (`stored`, always said). Its response schema sits beside it, in
 * the group's `<group>-responses.ts`, one per call and no other (the compiler checks both ways). Everything else
 * derives from the entries: `endpoints.ts` joins each call with its response, `stored-operations.ts` lists the stored
 * ones, the catalogue makes a view of each stored one, the fake routes each, the README's table lists each.
 *
 * Adding an operation touches three places, nothing else:
 * 1. its entry, in its group's `registry/<group>-calls.ts` (a new group is spread below and in `responses.ts`);
 * 2. its schemas: the parameter ones it uses (`schemas/params.ts`), its response schema (`schemas/`) and that
 *    schema's line in `registry/<group>-responses.ts`;
 * 3. its store mapping in `store/mappings/store-mappings.ts` when it says `stored: true` (the compiler asks for it, and
 *    rejects one for an operation not stored).
 * Around the library, the rest follows and is asked for: the fake service's handler (`testing/routes/operations.ts`,
 * typed against the registry), the tests' list of named operations (`test/helpers/operations.ts`) and the README's
 * operations table (`npm run readme:operations`). `test/api/registry.test.ts` checks the derived places against the
 * entries.
 *
 * Why the response is not in the entry itself: the first-read path validates and keys calls before anything is
 * shown and must not carry zod and the response schemas. Bundlers split by file, so a schema in the entry's file,
 * or a thunk in the entry that returns it, loads with the entry; even the schema's name in each entry costs the
 * first-read bundle about 0.15 KB min+gzip, which its budget has no room for.
 */
export const calls = {
  ...catalogueCalls,
  ...changeCalls,
  ...userCalls,
  ...searchCalls,
  ...detailCalls,
  ...creditCalls,
};

export type Calls = typeof calls;
/** The name of one operation of the registry (`trendingTv`, `markFavorite`, …). */
export type OperationName = keyof Calls;

/** The flat parameter object a caller passes for an operation (the service's own names). */
export type ParamsOf<O extends OperationName> = InputOf<Calls[O]['params']['shape']>;
/** The validated, canonical parameters (lists joined, defaults applied). */
export type ParsedParamsOf<O extends OperationName> = OutputOf<Calls[O]['params']['shape']>;

/** Whether a value names an operation of the registry (its own entries only, never `toString` or `__proto__`). */
export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(calls, value);
}
