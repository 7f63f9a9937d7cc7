import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/api-entry.js';
import * as lib from '../../src/index.js';
import { BEYOND_THE_19, THE_19 } from '../helpers/operations.js';

/**
 * The public surfaces: the registry and helpers of `catalogue-sync/api` (`src/api-entry.ts`), and the error classes
 * with their guards, which both entries export.
 */

describe('the endpoint registry', () => {
  it('holds the 19 operations of the issue, plus only those the Contracts add beyond them', () => {
    expect(Object.keys(api.endpoints).sort()).toEqual([...THE_19, ...BEYOND_THE_19].sort());
    expect([...api.operationNames].sort()).toEqual([...THE_19, ...BEYOND_THE_19].sort());
  });

  it.each(THE_19)('%s has method, path, parameter schemas, response schema, scope and freshness', (name) => {
    expect(api.isOperationName(name)).toBe(true);
    const entry = api.endpoints[name as api.OperationName];
    expect(['GET', 'POST', 'DELETE']).toContain(entry.method);
    expect(entry.path).toMatch(/^\/3\/[\w/{}]+$/);
    for (const schema of [entry.pathParams, entry.query, entry.params]) expect(typeof schema.check).toBe('function');
    expect(typeof entry.response.safeParse).toBe('function');
    expect(['public', 'user', 'user-or-guest']).toContain(entry.scope);
    expect(Number.isInteger(entry.maxAgeSeconds) && entry.maxAgeSeconds >= 0).toBe(true);
    // Actions (writes and checks) are never cached; everything else has a default lifetime.
    expect(entry.maxAgeSeconds === 0).toBe(entry.kind === 'action');
    // Every `{placeholder}` of the path is a path parameter, and nothing else is.
    const placeholders = [...entry.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    expect(placeholders.sort()).toEqual(Object.keys(entry.pathParams.shape).sort());
    // Writes carry a body schema, reads none.
    expect(entry.body === undefined).toBe(entry.method === 'GET');
  });

  it.each(THE_19)('%s: the scope matches the credentials it takes', (name) => {
    const entry = api.endpoints[name as api.OperationName];
    const keys = Object.keys(entry.params.shape);
    const takes = { session: keys.includes('session_id'), guest: keys.includes('guest_session_id') };
    const expected = {
      public: { session: false, guest: false },
      user: { session: true, guest: false },
      'user-or-guest': { session: true, guest: true },
    }[entry.scope];
    expect(takes).toEqual(expected);
  });

  it('`npx tsx -e` on src/api-entry.ts prints the operation count', () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const result = spawnSync(
      fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url)),
      ['-e', "import { endpoints } from './src/api-entry.ts'; console.log(Object.keys(endpoints).length)"],
      { cwd: root, encoding: 'utf8', timeout: 15_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(String(THE_19.length + BEYOND_THE_19.length));
  });
});

const errorSamples = {
  InvalidParamsError: {
    ctor: lib.InvalidParamsError,
    make: () => new lib.InvalidParamsError({ operation: 'trendingTv', param: 'page', rule: 'integer 1–500' }),
    guard: lib.isInvalidParamsError,
  },
  ServiceError: {
    ctor: lib.ServiceError,
    make: () => new lib.ServiceError({ operation: 'configuration', status: 404, statusCode: 34 }),
    guard: lib.isServiceError,
  },
  NetworkError: {
    ctor: lib.NetworkError,
    make: () => new lib.NetworkError({ operation: 'configuration', cause: new TypeError('fetch failed') }),
    guard: lib.isNetworkError,
  },
  TimeoutError: {
    ctor: lib.TimeoutError,
    make: () => new lib.TimeoutError({ operation: 'configuration', timeoutMs: 30_000 }),
    guard: lib.isTimeoutError,
  },
  SchemaValidationError: {
    ctor: lib.SchemaValidationError,
    make: () => new lib.SchemaValidationError({ operation: 'configuration', path: 'images', issues: [] }),
    guard: lib.isSchemaValidationError,
  },
};
const errorNames = Object.keys(errorSamples) as (keyof typeof errorSamples)[];

describe('error classes and guards', () => {
  it.each(errorNames)('%s is exported, is an Error, and has its literal name', (name) => {
    const error = errorSamples[name].make();
    const { ctor } = errorSamples[name];
    expect(ctor).toBeTypeOf('function');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ctor);
    expect(error.name).toBe(name);
    expect(Object.hasOwn(error, 'name')).toBe(true);
    expect(error.message).toContain(error.operation);
  });

  it.each(errorNames)('is%s matches an instance and a plain object with its name (cross-realm)', (name) => {
    const { guard, make } = errorSamples[name];
    expect(guard(make())).toBe(true);
    expect(guard({ name })).toBe(true);
    expect(guard(structuredClone({ name, message: 'from a service worker' }))).toBe(true);
  });

  it.each(errorNames)('is%s rejects the other errors and non-errors', (name) => {
    const { guard } = errorSamples[name];
    for (const other of errorNames.filter((n) => n !== name)) {
      expect(guard(errorSamples[other].make())).toBe(false);
      expect(guard({ name: other })).toBe(false);
    }
    for (const value of [
      new Error(name),
      new TypeError('x'),
      null,
      undefined,
      name,
      42,
      {},
      { name: name.toLowerCase() },
    ]) {
      expect(guard(value)).toBe(false);
    }
  });

  it('a SchemaValidationError is deliberately not a ServiceError', () => {
    const error = errorSamples.SchemaValidationError.make();
    expect(error).not.toBeInstanceOf(lib.ServiceError);
    expect(lib.isServiceError(error)).toBe(false);
  });
});

describe('helpers of the public surface', () => {
  it.each([
    ['createApiClient', api.createApiClient],
    ['parseParams', api.parseParams],
    ['buildRequest', api.buildRequest],
    ['requestKey', api.requestKey],
    ['canonicalQueryString', api.canonicalQueryString],
    ['parseMaxAge', api.parseMaxAge],
    ['parseRetryAfter', api.parseRetryAfter],
    ['parseResponse', api.parseResponse],
    ['isOperationName', api.isOperationName],
  ] as const)('%s is exported as a function', (_name, value) => {
    expect(value).toBeTypeOf('function');
  });

  it('requestKey and canonicalQueryString sort keys and skip undefined', () => {
    expect(api.canonicalQueryString({ page: 2, language: 'en-US', region: undefined })).toBe('language=en-US&page=2');
    expect(api.requestKey('trendingTv', { time_window: 'day', page: 1 })).toBe('trendingTv?page=1&time_window=day');
    expect(api.requestKey('configuration', {})).toBe('configuration');
  });

  it.each([
    ['public, max-age=600', 600],
    ['max-age=0', 0],
    ['no-store', 0],
    ['public', undefined],
    [null, undefined],
  ] as const)('parseMaxAge(%s) is %s', (header, expected) => {
    expect(api.parseMaxAge(header)).toBe(expected);
  });

  it.each([
    ['3', 0, 3000],
    ['0', 0, 0],
    ['Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0), 10_000],
    ['Wed, 21 Oct 2015 07:28:00 GMT', Date.UTC(2015, 9, 21, 7, 28, 5), 0],
    ['soon', 0, undefined],
    [null, 0, undefined],
  ] as const)('parseRetryAfter(%s) is %s ms', (header, now, expected) => {
    expect(api.parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('the package entry', () => {
  it('exports exactly the catalogue, its errors and guards, image helpers and effect helpers (no transport)', () => {
    expect(Object.keys(lib).sort()).toEqual(
      [
        'BudgetExceededError',
        'CatalogueError',
        'ClosedError',
        'DATABASE_PROTOCOL_SUFFIX',
        'ImageUrlError',
        'InvalidParamsError',
        'MIN_MAX_AGE_SECONDS',
        'MemoryStorageError',
        'NetworkError',
        'NewerReleaseError',
        'OfflineError',
        'PendingMutationsError',
        'QuotaExceededError',
        'SchemaValidationError',
        'ScopeEndedError',
        'ServiceError',
        'TimeoutError',
        'WorkerReplyTimeoutError',
        'createCatalogue',
        'createInProcessChannels',
        'createInProcessLocks',
        'createManualConnectivity',
        'foldText',
        'imageUrl',
        'isBudgetExceededError',
        'isCatalogueError',
        'isClosedError',
        'isImageUrlError',
        'isInvalidParamsError',
        'isMemoryStorageError',
        'isNetworkError',
        'isNewerReleaseError',
        'isOfflineError',
        'isPendingMutationsError',
        'isQuotaExceededError',
        'isSchemaValidationError',
        'isScopeEndedError',
        'isServiceError',
        'isTimeoutError',
        'isWorkerReplyTimeoutError',
        'keepPrevious',
        'observableSymbol',
        'platformConnectivity',
        'selectStatus',
        'silentLogger',
        'srcSet',
        'systemClock',
      ].sort(),
    );
  });

  it('both entries export the same error classes (one class, not a copy per entry)', () => {
    expect(api.ServiceError).toBe(lib.ServiceError);
    expect(api.CatalogueError).toBe(lib.CatalogueError);
    expect(new api.OfflineError({ operation: 'configuration' })).toBeInstanceOf(lib.CatalogueError);
  });
});
