import type { StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { endpoints } from '../../src/api/endpoints.js';
import {
  boolean,
  decimal,
  type InputOf,
  integer,
  type OutputOf,
  oneOf,
  optional,
  type Param,
  strictObject,
  text,
} from '../../src/api/param-schema.js';
import { idListParam, idParam, pageParam, ratingParam } from '../../src/api/schemas/params.js';
import { HOSTILE_PATH_VALUES } from '../reliability/support/hostile-values.js';

/**
 * The parameter kit against zod, the library that checked parameters before it: the same values pass, and a
 * refusal is worded the same, so an `InvalidParamsError` reads as it did.
 */

const words = { error: en().localeError };

/** Pairs of (kit rule, the zod/mini schema the registry used for it). */
const PAIRS: readonly { name: string; kit: Param<unknown>; zod: z.ZodMiniType }[] = [
  { name: 'id', kit: idParam, zod: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)) },
  { name: 'page', kit: pageParam, zod: z.int().check(z.minimum(1), z.maximum(500)) },
  { name: 'year', kit: integer(1800, 3000), zod: z.int().check(z.minimum(1800), z.maximum(3000)) },
  { name: 'vote average', kit: decimal(0, 10), zod: z.number().check(z.minimum(0), z.maximum(10)) },
  { name: 'time window', kit: oneOf(['day', 'week']), zod: z.enum(['day', 'week']) },
  { name: 'boolean', kit: boolean(), zod: z.boolean() },
  {
    name: 'region',
    kit: text(/^[A-Z]{2}$/, 'expected a country code'),
    zod: z.string().check(z.regex(/^[A-Z]{2}$/, 'expected a country code')),
  },
];

const SAMPLES: readonly unknown[] = [
  ...HOSTILE_PATH_VALUES.map((hostile) => hostile.value),
  0,
  1,
  2,
  500,
  501,
  10,
  10.5,
  -0,
  'day',
  'week',
  'US',
  'us',
  true,
  false,
  undefined,
];

function zodOutcome(schema: z.ZodMiniType, value: unknown): { ok: boolean; message?: string } {
  const result = schema.safeParse(value, words);
  return result.success ? { ok: true } : { ok: false, message: result.error.issues[0]?.message };
}

describe('parameter rules agree with zod', () => {
  it.each(PAIRS)('$name: the same values pass, and refusals say the same', ({ kit, zod }) => {
    for (const value of SAMPLES) {
      const ours = kit.check(value);
      const theirs = zodOutcome(zod, value);
      expect(ours.ok, String(value)).toBe(theirs.ok);
      // zod reports two issues for an integer beyond the safe range ("expected int to be <=…" first); the kit one.
      if (!ours.ok && !(typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER)) {
        expect(ours.issue.message, String(value)).toBe(theirs.message);
      }
    }
  });

  it.each(PAIRS)('$name: arbitrary values pass or fail alike', ({ kit, zod }) => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.integer(), fc.double(), fc.constantFrom('day', 'week', 'US')), (value) => {
        expect(kit.check(value).ok).toBe(zod.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it('a proxy whose traps throw is refused with an issue, not its own error', () => {
    const hostile = new Proxy(
      {},
      {
        getPrototypeOf() {
          throw new Error('trap');
        },
      },
    );
    expect(idParam.check(hostile)).toEqual({
      ok: false,
      issue: { code: 'invalid_type', path: [], message: 'Invalid input: expected number, received object' },
    });
  });

  it('a value beyond the safe integers is refused as too big', () => {
    expect(idParam.check(2 ** 53)).toEqual({
      ok: false,
      issue: { code: 'too_big', path: [], message: `Too big: expected number to be <=${Number.MAX_SAFE_INTEGER}` },
    });
  });

  it('an extra rule is checked after the type and the range', () => {
    expect(ratingParam.check(7.5)).toEqual({ ok: true, value: 7.5 });
    expect(ratingParam.check(7.3)).toMatchObject({ ok: false, issue: { code: 'custom' } });
    expect(ratingParam.check(11)).toMatchObject({ ok: false, issue: { code: 'too_big' } });
  });

  it('an id list takes the service string or an array, and sends the string', () => {
    expect(idListParam.check('16,35')).toEqual({ ok: true, value: '16,35' });
    expect(idListParam.check([16, 35])).toEqual({ ok: true, value: '16,35' });
    expect(idListParam.check([16, 0])).toMatchObject({ ok: false, issue: { code: 'too_small', path: [1] } });
    expect(idListParam.check([])).toMatchObject({ ok: false, issue: { code: 'too_small' } });
    expect(idListParam.check('16,35|1')).toMatchObject({ ok: false, issue: { code: 'invalid_format' } });
    expect(idListParam.check(16)).toMatchObject({ ok: false, issue: { code: 'invalid_type' } });
  });
});

describe('strictObject', () => {
  const shape = { series_id: idParam, page: optional(pageParam), with_genres: optional(idListParam) };
  const params = strictObject(shape);

  it('returns the canonical object: optional keys left out, lists joined', () => {
    expect(params.check({ series_id: 1, page: undefined, with_genres: [1, 2] })).toEqual({
      ok: true,
      value: { series_id: 1, with_genres: '1,2' },
    });
  });

  it('names every broken rule by its parameter: known keys first, then unknown ones', () => {
    const checked = params.check({ page: 0, with_genre: '16' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues.map((issue) => [issue.code, issue.path, issue.message])).toEqual([
      ['invalid_type', ['series_id'], 'Invalid input: expected number, received undefined'],
      ['too_small', ['page'], 'Too small: expected number to be >=1'],
      ['unrecognized_keys', ['with_genre'], 'Unrecognized key: "with_genre"'],
    ]);
  });

  it('refuses what is not a plain object, and reads only own keys', () => {
    for (const value of [null, [], 'series_id=1', 1]) {
      expect(params.check(value)).toMatchObject({ ok: false, issues: [{ code: 'invalid_type', path: [] }] });
    }
    expect(params.check(Object.create({ series_id: 1 }))).toMatchObject({
      ok: false,
      issues: [{ path: ['series_id'] }],
    });
    const own = JSON.parse('{"series_id":1,"__proto__":{"page":2}}') as unknown;
    expect(params.check(own)).toMatchObject({
      ok: false,
      issues: [{ code: 'unrecognized_keys', path: ['__proto__'] }],
    });
  });

  it('types what a caller passes and what is sent', () => {
    expectTypeOf<InputOf<typeof shape>>().toEqualTypeOf<{
      series_id: number;
      page?: number | undefined;
      with_genres?: string | number[] | undefined;
    }>();
    expectTypeOf<OutputOf<typeof shape>>().toEqualTypeOf<{
      series_id: number;
      page?: number | undefined;
      with_genres?: string | undefined;
    }>();
  });
});

describe('Standard Schema (`~standard`)', () => {
  const shape = { series_id: idParam, page: optional(pageParam), with_genres: optional(idListParam) };
  const params = strictObject(shape);

  /** What any Standard Schema consumer (a form library, a router) does with a schema: typed by the spec only. */
  function validateWith<S extends StandardSchemaV1>(schema: S, value: unknown) {
    return schema['~standard'].validate(value) as StandardSchemaV1.Result<StandardSchemaV1.InferOutput<S>>;
  }

  it('every rule and strict object is a Standard Schema v1 of vendor catalogue-sync', () => {
    const schemas: StandardSchemaV1[] = [...PAIRS.map((pair) => pair.kit), params, optional(pageParam), idListParam];
    for (const schema of schemas) {
      expect(schema['~standard'].version).toBe(1);
      expect(schema['~standard'].vendor).toBe('catalogue-sync');
      expect(typeof schema['~standard'].validate).toBe('function');
    }
    expectTypeOf(pageParam).toExtend<StandardSchemaV1<number, number>>();
    expectTypeOf(idListParam).toExtend<StandardSchemaV1<string | readonly number[] | number[], string>>();
    expectTypeOf<StandardSchemaV1.InferInput<typeof params>>().toEqualTypeOf<InputOf<typeof shape>>();
    expectTypeOf<StandardSchemaV1.InferOutput<typeof params>>().toEqualTypeOf<OutputOf<typeof shape>>();
  });

  it('validate answers what check does, for every value: { value } or { issues: [{ message, path }] }', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAIRS), fc.oneof(fc.constantFrom(...SAMPLES), fc.anything()), (pair, value) => {
        const checked = pair.kit.check(value);
        const result = validateWith(pair.kit, value);
        if (checked.ok) expect(result).toStrictEqual({ value: checked.value });
        else expect(result).toStrictEqual({ issues: [{ message: checked.issue.message, path: [] }] });
      }),
      { seed: 32, numRuns: 300 },
    );
  });

  it("an object's issues name their parameters, in the kit's own wording", () => {
    expect(validateWith(params, { series_id: 1, with_genres: [1, 2] })).toStrictEqual({
      value: { series_id: 1, with_genres: '1,2' },
    });
    expect(validateWith(params, { series_id: 0, page: 501, with_genre: '18' })).toStrictEqual({
      issues: [
        { message: 'Too small: expected number to be >=1', path: ['series_id'] },
        { message: 'Too big: expected number to be <=500', path: ['page'] },
        { message: 'Unrecognized key: "with_genre"', path: ['with_genre'] },
      ],
    });
    expect(validateWith(params, 'series_id=1')).toStrictEqual({
      issues: [{ message: 'Invalid input: expected object, received string', path: [] }],
    });
  });

  it("the registry's parameter objects are Standard Schemas too: a view's parameters, checked outside the library", () => {
    const discover = endpoints.discoverTv.params;
    expect(validateWith(discover, { with_genres: [18, 35], 'vote_average.gte': 7 })).toStrictEqual({
      value: { with_genres: '18,35', 'vote_average.gte': 7 },
    });
    const refused = validateWith(discover, { sort_by: 'rating' });
    expect(refused.issues?.map((issue) => issue.path)).toStrictEqual([['sort_by']]);
    expect(refused.issues?.[0]?.message).toMatch(/^Invalid option: expected one of "first_air_date\.asc"/);
  });
});
