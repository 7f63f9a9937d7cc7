import { describe, expect, it } from 'vitest';
import * as errors from '../../src/errors/index.js';

/** Every error class of the library lives in `src/errors/`, extends `CatalogueError` and keeps its literal name. */
const samples = {
  BudgetExceededError: () => new errors.BudgetExceededError(1000),
  ClosedError: () => new errors.ClosedError(),
  ImageUrlError: () => new errors.ImageUrlError('path', 'not an image path'),
  MemoryStorageError: () => new errors.MemoryStorageError(),
  InvalidParamsError: () => new errors.InvalidParamsError({ operation: 'trendingTv', param: 'page', rule: 'integer' }),
  NetworkError: () => new errors.NetworkError({ operation: 'configuration', cause: new TypeError('fetch failed') }),
  NewerReleaseError: () => new errors.NewerReleaseError(11, 12),
  OfflineError: () => new errors.OfflineError({ operation: 'configuration' }),
  PendingMutationsError: () => new errors.PendingMutationsError({ count: 2, userScope: 'user:1' }),
  QuotaExceededError: () => new errors.QuotaExceededError(),
  SchemaValidationError: () => new errors.SchemaValidationError({ operation: 'configuration', path: '', issues: [] }),
  ScopeEndedError: () => new errors.ScopeEndedError('user:1'),
  ServiceError: () => new errors.ServiceError({ operation: 'configuration', status: 404 }),
  TimeoutError: () => new errors.TimeoutError({ operation: 'configuration', timeoutMs: 10 }),
  WorkerReplyTimeoutError: () => new errors.WorkerReplyTimeoutError('no answer'),
} satisfies Record<errors.CatalogueErrorName, () => errors.CatalogueError>;
const names = Object.keys(samples) as errors.CatalogueErrorName[];

describe('CatalogueError', () => {
  it('names every error class once', () => {
    expect([...errors.catalogueErrorNames].sort()).toEqual([...names].sort());
  });

  it.each(names)('%s extends CatalogueError and Error, with its literal own name', (name) => {
    const error = samples[name]();
    expect(error).toBeInstanceOf(errors.CatalogueError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(Object.hasOwn(error, 'name')).toBe(true);
    expect(errors.isCatalogueError(error)).toBe(true);
  });

  it.each(names)('isCatalogueError matches a plain %s (as it arrives through postMessage)', (name) => {
    expect(errors.isCatalogueError(structuredClone({ name, message: 'from a service worker' }))).toBe(true);
  });

  it('isCatalogueError rejects other errors and non-errors', () => {
    for (const value of [
      new Error('x'),
      new TypeError('x'),
      // The platform's error of the same name is not the library's (the store maps it to the library's).
      new DOMException('x', 'QuotaExceededError'),
      { name: 'DatabaseClosedError' },
      null,
      undefined,
      'x',
      {},
    ]) {
      expect(errors.isCatalogueError(value)).toBe(false);
    }
  });

  it.each(names)('the guard of %s matches its instances and its plain form', (name) => {
    const guard = (errors as unknown as Record<string, (value: unknown) => boolean>)[`is${name}`];
    expect(guard).toBeTypeOf('function');
    expect(guard?.(samples[name]())).toBe(true);
    expect(guard?.({ name })).toBe(true);
    expect(guard?.(new Error(name))).toBe(false);
  });

  it.each(names)(
    'the guard of %s rejects what only shares its name: the class itself, a function, a string',
    (name) => {
      const guard = (errors as unknown as Record<string, (value: unknown) => boolean>)[`is${name}`];
      const named = { [name]: () => undefined }[name];
      expect(named?.name).toBe(name);
      for (const value of [(errors as unknown as Record<string, unknown>)[name], named, name]) {
        expect([name, guard?.(value)]).toEqual([name, false]);
        expect(errors.isCatalogueError(value)).toBe(false);
      }
    },
  );
});
