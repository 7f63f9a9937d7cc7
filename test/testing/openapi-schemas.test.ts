import { describe, expect, it } from 'vitest';
import { endpoints, operationNames } from '../../src/api/endpoints.js';
import { harness } from './helpers.js';
import { type JsonSchema, responseSchema, schemaErrors } from './openapi-schemas.js';
import { requestFor } from './requests.js';
import { DOCUMENTED_NULLABLE } from './shape.js';

/**
 * Fields the document types as strings or numbers that the real service also sends as null (FACTS §8: image paths,
 * languages, external ids, runtimes; a network without a logo, an account without an avatar): the document never
 * says `nullable` because its schemas are inferred from one example each.
 */
const NULLABLE = new Set([
  ...DOCUMENTED_NULLABLE,
  'logo_path',
  'avatar_path',
  // Details: a movie in no collection, a person whose birthplace is unknown, a season without a date yet.
  'belongs_to_collection',
  'place_of_birth',
  'air_date',
]);
/**
 * Typed `integer` because the example was whole (`vote_average: 8`, a rating `value: 9`, a rated list's `rating: 9`);
 * all take decimals (a rating is 0.5 to 10 in halves).
 */
const FRACTIONAL = new Set(['vote_average', 'value', 'rating']);
const OPTIONS = { nullable: NULLABLE, fractional: FRACTIONAL };

/** The registry's `/3/account` is the document's `/3/account/{account_id}` without the id (the fake serves both). */
function documentedPath(operation: (typeof operationNames)[number]): string {
  return operation === 'accountDetails' ? '/3/account/{account_id}' : endpoints[operation].path;
}

describe("the fake's answers follow the OpenAPI response schemas", () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`every operation, seed ${seed}`, async () => {
      const failures: Record<string, string[]> = {};
      for (const operation of operationNames) {
        const h = harness({ seed });
        const response = await requestFor(h, operation);
        expect(response.status, operation).toBeGreaterThanOrEqual(200);
        expect(response.status, operation).toBeLessThan(300);
        const schema = responseSchema(endpoints[operation].method, documentedPath(operation), response.status);
        expect(schema, `${operation}: no schema in the document`).toBeDefined();
        const errors = schemaErrors(schema as JsonSchema, await response.json(), OPTIONS);
        if (errors.length > 0) failures[operation] = errors;
      }
      expect(failures).toEqual({});
    });
  }

  /** What each detail operation appends, and the sub-resource path whose schema that part follows. */
  const APPENDED = {
    movieDetails: { credits: '/3/movie/{movie_id}/credits', videos: '/3/movie/{movie_id}/videos' },
    tvSeriesDetails: { credits: '/3/tv/{series_id}/credits' },
    personDetails: { combined_credits: '/3/person/{person_id}/combined_credits' },
  } as const;

  for (const seed of [1, 2, 3, 4]) {
    it(`the parts appended to details follow their sub-resources' schemas, seed ${seed}`, async () => {
      const failures: Record<string, string[]> = {};
      for (const [operation, parts] of Object.entries(APPENDED)) {
        const h = harness({ seed });
        const response = await requestFor(h, operation as keyof typeof APPENDED);
        const body = (await response.json()) as Record<string, Record<string, unknown>>;
        for (const [name, path] of Object.entries(parts)) {
          expect(body[name], `${operation}.${name}`).toBeDefined();
          // Appended, a sub-resource has no `id` of its own: the record's is the one above it.
          const errors = schemaErrors(
            responseSchema('GET', path, 200) as JsonSchema,
            { id: body.id, ...body[name] },
            OPTIONS,
          );
          if (errors.length > 0) failures[`${operation}.${name}`] = errors;
        }
      }
      expect(failures).toEqual({});
    });
  }

  it('GET /3/account/{account_id} too', async () => {
    const h = harness({ seed: 5 });
    const { session_id, account_id } = h.service.control.createSession();
    const body = await h.json(`/3/account/${account_id}?session_id=${session_id}`);
    const schema = responseSchema('GET', '/3/account/{account_id}', 200) as JsonSchema;
    expect(schemaErrors(schema, body, OPTIONS)).toEqual([]);
  });

  it('an unauthenticated /3/authentication answers the 401 schema', async () => {
    const h = harness({ seed: 1 });
    const response = await h.get('/3/authentication', {});
    expect(response.status).toBe(401);
    const schema = responseSchema('GET', '/3/authentication', 401) as JsonSchema;
    expect(schema).toBeDefined();
    expect(schemaErrors(schema, await response.json(), OPTIONS)).toEqual([]);
  });
});

describe('the schema check can fail', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      count: { type: 'integer' },
      vote_average: { type: 'integer' },
      poster_path: { type: 'string' },
      results: {
        type: 'array',
        items: {
          type: 'object',
          properties: { media_type: { type: 'string', example: 'movie' }, title: { type: 'string' } },
        },
      },
    },
  };

  it('reports a wrong type, a missing property, a null where none is documented and a fraction in an integer', () => {
    const value = { id: 1, vote_average: 7.5, poster_path: null, results: [{ media_type: 'movie', title: 3 }] };
    expect(schemaErrors(schema, value)).toEqual([
      '.id: integer, schema says string',
      '.count: missing',
      '.vote_average: number, schema says integer',
      '.poster_path: null, schema says string',
      '.results[].title: integer, schema says string',
    ]);
    expect(schemaErrors(schema, { ...value, id: '1', count: 2.5 }, OPTIONS)).toEqual([
      '.count: number, schema says integer',
      '.results[].title: integer, schema says string',
    ]);
  });

  it('checks an item of another kind than the example for types only', () => {
    const value = { id: '1', count: 1, vote_average: 1, poster_path: '/p.jpg', results: [{ media_type: 'tv' }] };
    expect(schemaErrors(schema, value)).toEqual([]);
    expect(schemaErrors(schema, { ...value, results: [{ media_type: 'tv', title: false }] })).toEqual([
      '.results[].title: boolean, schema says string',
    ]);
  });

  it('finds the schema of a path whatever its parameters are called, and falls back to the one 2xx for a 201', () => {
    expect(responseSchema('GET', '/3/list/{id}', 200)?.properties?.id?.type).toBe('string');
    expect(responseSchema('POST', '/3/tv/{series_id}/rating', 201)?.properties?.status_code?.type).toBe('integer');
    expect(responseSchema('GET', '/3/no/such/path', 200)).toBeUndefined();
  });
});
