import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Z from 'zod/mini';
import { calls, type OperationName } from '../../src/api/calls.js';

/**
 * Issue 33: loading the registry builds no response schema, and an operation's first validation builds its own
 * schema and the blocks it is made of, no other. Every call of a `zod/mini` constructor made by the library is
 * recorded (the mock below wraps them), so these tests see what was built, not how long it took.
 */

interface Built {
  readonly name: string;
  readonly args: readonly unknown[];
  readonly result: unknown;
}

const built = vi.hoisted(() => [] as Built[]);

/**
 * Constructors whose result is a schema made of other schemas. Leaves (`z.string()`, `z.int()`) are not counted: a
 * leaf is often replaced by its refined copy (`z.int().check(…)`), so the first one is reachable from nothing.
 */
const COMPOSITES = new Set([
  'object',
  'extend',
  'omit',
  'pick',
  'partial',
  'union',
  'discriminatedUnion',
  'array',
  'record',
  'nullable',
  'optional',
]);

vi.mock('zod/mini', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const wrapped: Record<string, unknown> = { ...actual };
  for (const [name, value] of Object.entries(actual)) {
    if (typeof value !== 'function' || /^[A-Z$]/.test(name)) continue;
    const make = value as (...args: unknown[]) => unknown;
    wrapped[name] = (...args: unknown[]) => {
      const result = make(...args);
      built.push({ name, args, result });
      return result;
    };
  }
  return wrapped;
});

type Schema = Z.ZodMiniType;

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in (value as object);

/** Every schema `value` holds: itself if it is one, or those inside a plain object or an array (a shape, options). */
function schemasIn(value: unknown, found: Schema[] = []): Schema[] {
  if (isSchema(value)) found.push(value);
  else if (Array.isArray(value)) for (const item of value) schemasIn(item, found);
  else if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) schemasIn(item, found);
  }
  return found;
}

/**
 * Every schema `root` is made of: what its definition holds (shape, element, options, inner type), and what each of
 * those was made from (`z.extend(base, …)` keeps `base`'s fields, not `base`; `z.omit`, `z.partial` likewise).
 */
function madeOf(root: Schema, calls: readonly Built[]): Set<unknown> {
  const reached = new Set<unknown>();
  const visit = (schema: Schema) => {
    if (reached.has(schema)) return;
    reached.add(schema);
    for (const value of Object.values(schema._zod.def)) for (const inner of schemasIn(value)) visit(inner);
    for (const call of calls) {
      if (call.result === schema) for (const arg of schemasIn(call.args)) visit(arg);
    }
  };
  visit(root);
  return reached;
}

/** `object(id, name, …)`: enough to tell which schema a stray is. */
const describeCall = (call: Built) =>
  `${call.name}(${call.args.map((arg) => (isSchema(arg) ? arg._zod.def.type : Object.keys(arg as object).join(', '))).join('; ')})`;

const composites = (calls: readonly Built[]) => calls.filter((call) => COMPOSITES.has(call.name));

/** The registry loaded afresh (its modules evaluated again), with nothing recorded before it was. */
async function freshEndpoints() {
  vi.resetModules();
  built.length = 0;
  const registry = await import('../../src/api/endpoints.js');
  const common = await import('../../src/api/schemas/common.js');
  return { ...registry, common };
}

beforeEach(() => {
  built.length = 0;
});

describe('loading the registry builds no response schema', () => {
  it('endpoints.ts builds only the shared leaves (an image path, a loose date, an id), no object, list or union', async () => {
    const { common } = await freshEndpoints();
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((call) => !['nullable', 'string', 'regex', 'int'].includes(call.name))).toEqual([]);
    expect(composites(built).map((call) => call.result)).toEqual([common.imagePath, common.looseDate]);
  });

  it('the schemas made on first use are made once: a second read builds nothing', async () => {
    const { endpoints } = await freshEndpoints();
    const first = endpoints.popularPeople.response;
    const count = built.length;
    expect(count).toBeGreaterThan(0);
    expect(endpoints.popularPeople.response).toBe(first);
    expect(built.length).toBe(count);
  });

  it('validating trending TV builds no person, movie or details schema', async () => {
    const { endpoints } = await freshEndpoints();
    const before = built.length;
    endpoints.trendingTv.response.parse({ page: 1, results: [], total_pages: 0, total_results: 0 });
    const keysOfObjects = built
      .slice(before)
      .filter((call) => call.name === 'object')
      .flatMap((call) => Object.keys(call.args[0] as object));
    expect(keysOfObjects).toContain('first_air_date');
    for (const key of ['known_for', 'original_title', 'combined_credits', 'seasons', 'episodes', 'status_code']) {
      expect(keysOfObjects).not.toContain(key);
    }
  });
});

describe("an operation's first use builds what its schema is made of, and nothing else", () => {
  // The calls carry no response schema (nor zod): listing them here builds nothing.
  const operations = Object.keys(calls) as OperationName[];

  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(48);
  });

  it.each(operations)('%s', async (operation) => {
    const { endpoints } = await freshEndpoints();
    const before = built.length;
    const schema = endpoints[operation].response as Schema;
    const made = built.slice(before);
    expect(composites(made).length).toBeGreaterThan(0);
    const parts = madeOf(schema, made);
    const strays = composites(made).filter((call) => !parts.has(call.result));
    expect(strays.map(describeCall)).toEqual([]);
  });
});
