import { describe, expect, it } from 'vitest';
import {
  endpoints,
  isOperationName,
  isSchemaValidationError,
  isServiceError,
  type OperationName,
  operationNames,
  SchemaValidationError,
  ServiceError,
} from '../../src/api-entry.js';
import { createTestClient, exampleParams } from '../helpers/api-client.js';
import { rejectionOf } from '../helpers/errors.js';
import { BEYOND_THE_19 } from '../helpers/operations.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';
import { listSampleFiles, type ManifestEntry, readManifest, readSample, readSampleText } from '../helpers/samples.js';

/**
 * Table-driven from `tmdb-samples/MANIFEST.json`: every case below is generated from it, so a sample added to the
 * manifest is tested without touching this file.
 */
const manifest = readManifest();
const byKind = (kind: string) => manifest.filter((entry) => entry.kind === kind);
const KNOWN_KINDS = ['response', 'error', 'success', 'beyond the 19'];

/** Sends `entry`'s body with its HTTP status through a real client for `operation`. */
function sendThroughClient(operation: OperationName, entry: ManifestEntry, headers: Record<string, string> = {}) {
  const fetch = createRecordingFetch(() => jsonResponse(readSampleText(entry.file), entry.httpStatus, headers));
  const client = createTestClient({ fetch });
  return { fetch, result: client.request(operation, exampleParams[operation] as never) };
}

/**
 * Error samples name a registry operation, or "any"/an operation outside the 19: those go through an operation
 * any error could answer (a list operation for "any list", else the token check).
 */
function operationFor(entry: ManifestEntry, fallback: OperationName): OperationName {
  if (isOperationName(entry.operation)) return entry.operation;
  return entry.operation === 'any list' ? 'popularPeople' : fallback;
}

/** "METHOD /3/path/{x}" → "METHOD /3/path/{}": placeholder names differ between the manifest and the registry. */
const routeKey = (method: string, path: string) => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;
const registryRoutes = new Set(operationNames.map((op) => routeKey(endpoints[op].method, endpoints[op].path)));
const registryOperations = new Map(
  operationNames.map((op) => [routeKey(endpoints[op].method, endpoints[op].path), op]),
);

describe('MANIFEST.json', () => {
  it('lists every sample file on disk, and every listed file exists', () => {
    const listed = manifest.map((entry) => entry.file).sort();
    expect(listed).toEqual(listSampleFiles());
  });

  it.each(manifest.map((entry) => [entry.file, entry] as const))('%s has a kind the tests handle', (_file, entry) => {
    expect(KNOWN_KINDS).toContain(entry.kind);
  });

  it('has a response sample for every one of the 19 operations', () => {
    const covered = new Set(byKind('response').map((entry) => entry.operation));
    // Operations beyond the 19 (Contracts) have "beyond the 19" samples or none; they are checked below and by
    // their issues' tests of the fake.
    const beyond = new Set<string>(BEYOND_THE_19);
    expect(operationNames.filter((op) => !covered.has(op) && !beyond.has(op))).toEqual([]);
    expect(operationNames.filter((op) => !beyond.has(op))).toHaveLength(19);
  });
});

describe.each(byKind('response').map((entry) => [entry.file, entry] as const))('response sample %s', (_file, entry) => {
  it('names one of the registry operations', () => {
    expect(isOperationName(entry.operation), `${entry.operation} is not a registry name`).toBe(true);
  });

  it('parses through its operation schema', () => {
    const operation = entry.operation as OperationName;
    const result = endpoints[operation].response.safeParse(readSample(entry.file));
    expect(result.error?.issues ?? []).toEqual([]);
    expect(result.success).toBe(true);
  });

  it('resolves through the client with the schema output', async () => {
    const operation = entry.operation as OperationName;
    const expected = endpoints[operation].response.parse(readSample(entry.file));
    const { fetch, result } = sendThroughClient(operation, entry);
    const response = await result;
    expect(fetch.calls).toHaveLength(1);
    expect(response.status).toBe(entry.httpStatus);
    expect(response.data).toEqual(expected);
  });
});

describe.each(byKind('error').map((entry) => [entry.file, entry] as const))('error sample %s', (_file, entry) => {
  it(`maps to ServiceError (${entry.expect})`, async () => {
    const body = readSample(entry.file) as { status_message?: string; errors?: string[] };
    const { result } = sendThroughClient(operationFor(entry, 'validateToken'), entry);
    const error = await rejectionOf(result);
    expect(error).toBeInstanceOf(ServiceError);
    expect(isServiceError(error)).toBe(true);
    expect(isSchemaValidationError(error)).toBe(false);
    const serviceError = error as ServiceError;
    expect(serviceError.status).toBe(entry.httpStatus);
    expect(serviceError.statusCode).toBe(entry.statusCode ?? undefined);
    expect(serviceError.statusMessage).toBe(body.status_message);
    expect(serviceError.errors).toEqual(body.errors);
    if (body.errors) expect(serviceError.errors?.length).toBeGreaterThan(0);
  });
});

describe.each(byKind('success').map((entry) => [entry.file, entry] as const))('success sample %s', (_file, entry) => {
  it(`resolves as a success envelope (${entry.expect})`, async () => {
    // A write's success envelope: through the registry's status-envelope write when the operation is beyond the 19.
    const operation = operationFor(entry, 'removeListItem');
    const response = await sendThroughClient(operation, entry).result;
    expect(response.status).toBe(entry.httpStatus);
    expect(response.data).toMatchObject({ status_code: entry.statusCode });
  });
});

describe.each(byKind('beyond the 19').map((entry) => [entry.file, entry] as const))('sample %s', (_file, entry) => {
  const match = /^(GET|POST|DELETE) (\/3\/\S+)$/.exec(entry.operation);
  const [, method = '', path = ''] = match ?? [];
  const added = registryOperations.get(routeKey(method, path));
  it(`names its operation as "METHOD /3/path": ${entry.operation}`, () => {
    expect(match, `"${entry.operation}" is not "METHOD /3/path"`).not.toBeNull();
    expect(() => readSample(entry.file)).not.toThrow();
  });
  if (added) {
    // Added beyond the 19 by a later issue: the sample parses through the registry entry.
    it(`parses through the registry entry ${added}`, async () => {
      const response = await sendThroughClient(added, entry).result;
      expect(response.status).toBe(entry.httpStatus);
      expect(response.data).toBeDefined();
    });
  } else {
    it(`answers ${entry.operation}, which the registry does not have yet`, () => {
      expect(registryRoutes.has(routeKey(method, path))).toBe(false);
    });
  }
});

describe('service answers that are not in the samples', () => {
  it.each([
    [21, 'Entry not found: The item you are trying to edit cannot be found.', { success: false }],
    [40, 'Nothing to update.', { success: false }],
    // Older captures carry no `success` key at all (FACTS §1): the code alone must decide.
    [21, 'Entry not found: The item you are trying to edit cannot be found.', {}],
    [40, 'Nothing to update.', {}],
  ])('HTTP 200 with status_code %i (%s, %o) is a ServiceError with status 200', async (code, message, extra) => {
    const fetch = createRecordingFetch(() =>
      jsonResponse({ ...extra, status_code: code, status_message: message }, 200),
    );
    const error = await rejectionOf(
      createTestClient({ fetch }).request('removeListItem', exampleParams.removeListItem),
    );
    expect(isServiceError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'ServiceError', status: 200, statusCode: code, statusMessage: message });
  });

  it('HTTP 200 with success:false and no status_code is a ServiceError, not data', async () => {
    const fetch = createRecordingFetch(() => jsonResponse({ success: false }, 200));
    const error = await rejectionOf(createTestClient({ fetch }).request('validateToken', {}));
    expect(isServiceError(error)).toBe(true);
    expect(error).toMatchObject({ status: 200, statusCode: undefined });
  });

  it('a Retry-After header of 3 seconds becomes retryAfterMs 3000', async () => {
    const fetch = createRecordingFetch(() =>
      jsonResponse({ success: false, status_code: 25, status_message: 'over the limit' }, 429, { 'Retry-After': '3' }),
    );
    const error = await rejectionOf(createTestClient({ fetch }).request('configuration', {}));
    expect(error).toMatchObject({ name: 'ServiceError', status: 429, statusCode: 25, retryAfterMs: 3000 });
  });

  it('an error without Retry-After has no retryAfterMs', async () => {
    const fetch = createRecordingFetch(() => jsonResponse({ status_code: 34, status_message: 'not found' }, 404));
    const error = await rejectionOf(createTestClient({ fetch }).request('configuration', {}));
    expect(error).toMatchObject({ status: 404, retryAfterMs: undefined });
  });

  it('a 5xx with a non-JSON body is still a ServiceError with the HTTP status', async () => {
    const fetch = createRecordingFetch(() => new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    const error = await rejectionOf(createTestClient({ fetch }).request('configuration', {}));
    expect(isServiceError(error)).toBe(true);
    expect(error).toMatchObject({ status: 502, statusCode: undefined, errors: undefined });
  });

  it('a malformed JSON body with HTTP 200 is a SchemaValidationError at path ""', async () => {
    const fetch = createRecordingFetch(() => jsonResponse('{"page":1,"results":[', 200));
    const error = await rejectionOf(createTestClient({ fetch }).request('trendingTv', { time_window: 'day' }));
    expect(error).toBeInstanceOf(SchemaValidationError);
    expect(error).toMatchObject({ name: 'SchemaValidationError', operation: 'trendingTv', path: '' });
    expect(isServiceError(error)).toBe(false);
  });

  it('a schema-violating 200 is a SchemaValidationError naming the field, not a ServiceError', async () => {
    const sample = readSample('trending-tv-day.json') as { results: Record<string, unknown>[] };
    const [first, ...rest] = sample.results;
    const broken = { ...sample, results: [{ ...first, id: 'x' }, ...rest] };
    const fetch = createRecordingFetch(() => jsonResponse(broken, 200));
    const error = await rejectionOf(createTestClient({ fetch }).request('trendingTv', { time_window: 'day' }));
    expect(isSchemaValidationError(error)).toBe(true);
    expect(isServiceError(error)).toBe(false);
    const validation = error as SchemaValidationError;
    expect(validation.path).toBe('results.0.id');
    expect(validation.operation).toBe('trendingTv');
    expect(validation.issues.length).toBeGreaterThan(0);
    expect(validation.message).toContain('results.0.id');
  });

  it('an unknown extra field never breaks parsing', async () => {
    const sample = readSample('configuration.json') as Record<string, unknown>;
    const fetch = createRecordingFetch(() => jsonResponse({ ...sample, brand_new_field: { x: 1 } }, 200));
    const response = await createTestClient({ fetch }).request('configuration', {});
    expect(response.data).toEqual(endpoints.configuration.response.parse(sample));
  });
});
