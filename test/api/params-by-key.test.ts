import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, type OperationName } from '../../src/api/endpoints.js';
import { parseByKey } from '../../src/api/parse-params.js';
import { exampleParams } from '../helpers/api-client.js';

/** Values of every kind the parameters take or refuse: ids, pages, dates, codes, id lists, wrong types. */
const VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  false,
  0,
  1,
  2,
  20,
  500,
  501,
  -1,
  1.5,
  2.5,
  7.25,
  Number.NaN,
  1e20,
  '',
  'x',
  'en-US',
  'en',
  'US',
  'day',
  'week',
  'popularity.desc',
  'vote_average.asc',
  'name.asc',
  '2020-01-01',
  '2020-02-30',
  '18,35',
  '18|35',
  '18,35|80',
  'tv',
  'movie',
  '1',
  'abc123',
  [],
  [1, 2],
  [18, 35],
  [0],
  ['a'],
  {},
  { id: 1 },
];

const operations = Object.keys(endpoints) as OperationName[];

/**
 * A params object for `operation`: usually a valid call (its example), then up to 3 of its keys or an unknown
 * one set to a value from the pool (which may or may not fit).
 */
const paramsFor = (operation: OperationName) => {
  const keys = Object.keys(endpoints[operation].params.shape);
  const entry = fc.tuple(fc.constantFrom(...keys, 'not_a_param'), fc.constantFrom(...VALUES));
  return fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.array(entry, { maxLength: 3 }))
    .map(([base, extra]) => ({ ...(base > 0 ? exampleParams[operation] : {}), ...Object.fromEntries(extra) }));
};

describe('parseByKey: the params parse over the given keys only', () => {
  it('answers exactly as zod’s whole-object parse, and declines exactly when that parse fails', () => {
    const taken = new Map<OperationName, number>();
    let declined = 0;
    for (const operation of operations) {
      const schema = endpoints[operation].params;
      fc.assert(
        fc.property(paramsFor(operation), (params) => {
          const full = schema.safeParse(params);
          const quick = parseByKey(schema, params);
          expect(quick === undefined).toBe(!full.success);
          if (quick === undefined) {
            declined += 1;
            return;
          }
          taken.set(operation, (taken.get(operation) ?? 0) + 1);
          // Same keys in the same order, same values (a key given as undefined kept, transforms applied).
          expect(Object.entries(quick)).toEqual(Object.entries(full.data as object));
        }),
        { numRuns: 500, seed: operations.indexOf(operation) + 1 },
      );
    }
    // Both outcomes were exercised, and every operation's valid calls went the quick way many times.
    expect(operations.filter((operation) => (taken.get(operation) ?? 0) < 20)).toEqual([]);
    expect(declined).toBeGreaterThan(operations.length * 50);
  });

  it('takes the path for a typical call and keeps the canonical forms (id lists joined)', () => {
    const schema = endpoints.discoverTv.params;
    const given = { with_genres: [18, 35], page: 2, language: 'en-US', sort_by: 'popularity.desc' };
    expect(parseByKey(schema, given)).toEqual(schema.parse(given));
    expect(parseByKey(schema, given)).toMatchObject({ with_genres: '18,35', page: 2 });
  });

  it('declines what is not a params object', () => {
    const schema = endpoints.discoverTv.params;
    for (const input of [null, undefined, 3, 'page=1', [1]]) expect(parseByKey(schema, input)).toBeUndefined();
  });
});
