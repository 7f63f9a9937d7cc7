import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createApiClient,
  endpoints,
  isOperationName,
  MAX_JSON_DEPTH,
  type OperationName,
  operationNames,
} from '../../src/api/index.js';
import { configuration as configurationSchema } from '../../src/api/schemas/configuration.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { defaults } from '../../src/defaults.js';
import { type ImageUrlError, isImageUrlError } from '../../src/errors/image-url-error.js';
import {
  type InvalidParamsError,
  isInvalidParamsError,
  isSchemaValidationError,
  isServiceError,
} from '../../src/errors/index.js';
import { type ImageKind, imageUrl, srcSet } from '../../src/query/image-url.js';
import { isStoredOperation } from '../../src/store/mappings/store-mappings.js';
import type { MutationOperation } from '../../src/store/tables/outbox-rows.js';
import { exampleParams, TEST_BASE_URL, TEST_TOKEN } from '../helpers/api-client.js';
import { rejectionOf } from '../helpers/errors.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';
import { readManifest, readSample, readSampleText } from '../helpers/samples.js';
import { dumpDatabase } from '../store/store-fixtures.js';
import {
  deepArray,
  deepChangeFeed,
  deeplyNestedEnvelope,
  FIFTY_MB,
  hugeBody,
  prototypeChangeFeed,
  withPrototypeKeys,
} from './support/hostile-bodies.js';
import { captureThrow, catalogueParams, hostileCatalogue, MUTATIONS, mutationOf } from './support/hostile-catalogue.js';
import {
  allKeys,
  checkedParamsOf,
  expectNoPollution,
  HOSTILE_BASES,
  HOSTILE_IMAGE_PATHS,
  HOSTILE_SIZES,
  hostileParamObjects,
  hostileValuesFor,
  pathParamsOf,
  prototypeFingerprint,
  Tally,
} from './support/hostile-values.js';

/** Hostile input: parameters that would bend a URL, bodies that are huge, deep or poisoned (issue 11, item 5). */

const pristine = prototypeFingerprint();
afterEach(() => expectNoPollution(pristine));

const tally = new Tally();
afterAll(() => {
  process.stdout.write(tally.line('hostile-input'));
});

const FORBIDDEN = ['__proto__', 'constructor', 'prototype'];
const withPathParams = operationNames.filter((operation) => pathParamsOf(operation).length > 0);
const checkedOperations = operationNames.filter((operation) => checkedParamsOf(operation).length > 0);

/** Every (operation, path parameter or page, hostile value) triple, with the operation's other parameters valid. */
function* hostileCalls(params: (operation: OperationName) => Record<string, unknown>) {
  for (const operation of checkedOperations) {
    for (const param of checkedParamsOf(operation)) {
      for (const hostile of hostileValuesFor(operation, param)) {
        yield { operation, param, hostile, params: { ...params(operation), [param]: hostile.value } };
      }
    }
  }
}

function expectInvalid(error: unknown, param: string, what: string): void {
  expect(isInvalidParamsError(error), `${what}: ${String(error)}`).toBe(true);
  expect((error as InvalidParamsError).param, what).toBe(param);
}

describe('hostile path parameters never reach the network', () => {
  it('the API client refuses every hostile value of every path parameter of every operation', async () => {
    const fetch = createRecordingFetch();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, fetch });
    let cases = 0;
    for (const { operation, param, hostile, params } of hostileCalls((o) => exampleParams[o])) {
      const error = await rejectionOf(client.request(operation, params as never));
      expectInvalid(error, param, `${operation}.${param} = ${hostile.label}`);
      tally.add(`param ${hostile.kind}`);
      cases++;
    }
    tally.add('requests sent for invalid input', fetch.calls.length);
    expect(withPathParams.length).toBeGreaterThanOrEqual(20);
    expect(cases).toBeGreaterThan(checkedOperations.length * 50);
    expect(fetch.calls).toEqual([]);
  });

  it('refuses parameter objects that abuse __proto__, constructor, prototype or inherit their values', async () => {
    const fetch = createRecordingFetch();
    const client = createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, fetch });
    for (const operation of withPathParams) {
      for (const { label, params } of hostileParamObjects(exampleParams[operation] as Record<string, unknown>)) {
        const error = await rejectionOf(client.request(operation, params as never));
        expect(isInvalidParamsError(error), `${operation}: ${label}`).toBe(true);
        tally.add('param object');
      }
    }
    // The parameter object itself replaced by something else.
    for (const operation of withPathParams) {
      for (const whole of ['1399', 1399, [1399], true, () => ({}), Symbol('params')]) {
        expect(isInvalidParamsError(await rejectionOf(client.request(operation, whole as never))), operation).toBe(
          true,
        );
        tally.add('param object');
      }
    }
    for (const name of ['__proto__', 'constructor', 'toString', '../trendingTv', 'trendingTv/../configuration']) {
      expect(isInvalidParamsError(await rejectionOf(client.request(name as OperationName, {} as never)))).toBe(true);
      tally.add('unknown operation');
    }
    tally.add('requests sent for invalid input', fetch.calls.length);
    expect(fetch.calls).toEqual([]);
  });

  it('the catalogue refuses them in pulls, views, paged views and mutations, and writes no outbox row', async () => {
    const { catalogue, fetch } = hostileCatalogue();
    await catalogue.setUser({ account_id: 548, session_id: 'abc123' });
    const sentBefore = fetch.calls.length;
    let cases = 0;
    for (const { operation, param, hostile, params } of hostileCalls(catalogueParams)) {
      const what = `${operation}.${param} = ${hostile.label}`;
      if (isStoredOperation(operation)) {
        expectInvalid(await rejectionOf(catalogue.sync.pull(operation, params as never)), param, `pull ${what}`);
        expectInvalid(
          captureThrow(() => catalogue.view(operation, params as never)),
          param,
          `view ${what}`,
        );
        cases += 2;
        // `pages()` pages by itself: it drops a `page` given to it, so only path parameters reach its calls.
        if (endpoints[operation].kind === 'list' && param !== 'page') {
          expectInvalid(
            captureThrow(() => catalogue.pages(operation as never, params as never)),
            param,
            what,
          );
          cases++;
        }
      }
      if (MUTATIONS.includes(operation)) {
        const call = mutationOf(catalogue, operation as MutationOperation);
        expectInvalid(await rejectionOf(call(params)), param, `mutation ${what}`);
        cases++;
      }
    }
    for (const name of ['__proto__', 'constructor', 'toString', 'createSession']) {
      expect(await rejectionOf(catalogue.sync.pull(name as never, {} as never))).toBeInstanceOf(TypeError);
      tally.add('unknown operation');
    }
    tally.add('catalogue call', cases);
    tally.add('requests sent for invalid input', fetch.calls.length - sentBefore);
    expect(cases).toBeGreaterThan(1000);
    expect(fetch.calls.length - sentBefore).toBe(0);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    await catalogue.close();
  });
});

describe('hostile credentials never reach the network either', () => {
  const credentials: unknown[] = ['../x', 'a/b', 'a?b', 'a#b', '', ' ', 'x'.repeat(257), 'abc%2F', '\u0000', 1, null];

  it('setUser and createSession refuse credentials that could bend a URL, with no request and no stored user', async () => {
    const { catalogue, fetch } = hostileCatalogue();
    for (const credential of credentials) {
      for (const user of [{ account_id: 548, session_id: credential }, { guest_session_id: credential }]) {
        const error = await rejectionOf(catalogue.setUser(user as never));
        expect(error, JSON.stringify(user)).toBeInstanceOf(TypeError);
        tally.add('credential');
      }
      const error = await rejectionOf(catalogue.auth.createSession(credential as never));
      expect(isInvalidParamsError(error) || error instanceof TypeError, String(credential)).toBe(true);
      tally.add('credential');
    }
    for (const account_id of ['548', 0, -1, 1.5, Number.NaN, 2 ** 53, '../548', null]) {
      expect(await rejectionOf(catalogue.setUser({ account_id, session_id: 'abc123' } as never))).toBeInstanceOf(
        TypeError,
      );
      tally.add('credential');
    }
    tally.add('requests sent for invalid input', fetch.calls.length);
    expect(fetch.calls).toEqual([]);
    expect(await databaseOf(catalogue).users.count()).toBe(0);
    expect(catalogue.userScopeId).toBeUndefined();
    await catalogue.close();
  });
});

describe('huge response bodies are refused without being read to their end', () => {
  it('a 50 MB streamed success is cut at the limit and becomes a SchemaValidationError', async () => {
    tally.add('huge body');
    const body = hugeBody();
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => body.response,
    });
    const error = await rejectionOf(client.request('trendingTv', { time_window: 'day' }));
    expect(isSchemaValidationError(error)).toBe(true);
    expect((error as Error).message).toContain(`limit of ${defaults.maxBodyBytes} bytes`);
    expect(body.pulled()).toBeLessThanOrEqual(defaults.maxBodyBytes + 1024 * 1024);
    expect(body.pulled()).toBeLessThan(FIFTY_MB / 4);
    expect(body.cancelled()).toBe(true);
  });

  it('a declared Content-Length over the limit is refused before a byte is read', async () => {
    tally.add('huge body');
    const body = hugeBody({ declareLength: true });
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => body.response,
    });
    expect(isSchemaValidationError(await rejectionOf(client.request('popularPeople', {})))).toBe(true);
    expect(body.pulled()).toBe(0);
  });

  it('a 50 MB error body still gives the ServiceError of its status, read no further than the limit', async () => {
    tally.add('huge body');
    const body = hugeBody({ status: 503 });
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => body.response,
    });
    const error = await rejectionOf(client.request('configuration', {}));
    expect(isServiceError(error) && error.status === 503).toBe(true);
    expect(body.pulled()).toBeLessThanOrEqual(defaults.maxBodyBytes + 1024 * 1024);
  });

  it('the limit is an option: a real sample passes at its own size and fails one byte below', async () => {
    const text = readSampleText('person-popular.json');
    const bytes = new TextEncoder().encode(text).byteLength;
    const fetch = async () => jsonResponse(text);
    const exact = createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, fetch, maxBodyBytes: bytes });
    expect((await exact.request('popularPeople', {})).data.results.length).toBeGreaterThan(0);
    const below = createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, fetch, maxBodyBytes: bytes - 1 });
    expect(isSchemaValidationError(await rejectionOf(below.request('popularPeople', {})))).toBe(true);
    expect(() =>
      createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, fetch, maxBodyBytes: Number.NaN }),
    ).toThrow(TypeError);
  });
});

describe('deeply nested bodies become typed errors, never an escaped RangeError', () => {
  const cases: [string, OperationName, string][] = [
    ['100k nested arrays in an unknown field', 'trendingTv', deeplyNestedEnvelope(100_000)],
    ['100k nested objects in an unknown field', 'popularPeople', deeplyNestedEnvelope(100_000, 'object')],
    ['a body that is 1M nested arrays', 'configuration', deepArray(1_000_000)],
    ['a change value nested 100k levels', 'episodeChanges', deepChangeFeed(100_000)],
    [`a change value one level past ${MAX_JSON_DEPTH}`, 'episodeChanges', deepChangeFeed(MAX_JSON_DEPTH - 4)],
  ];

  it.each(cases)('%s', async (_label, operation, text) => {
    tally.add('deep body');
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => jsonResponse(text),
    });
    const error = await rejectionOf(client.request(operation, exampleParams[operation] as never));
    expect(isSchemaValidationError(error), String(error)).toBe(true);
    expect(error).not.toBeInstanceOf(RangeError);
  });

  it('a change value nested within the limit is kept as served', async () => {
    // Five levels above the value (body, changes, group, items, item): the value reaches exactly the limit.
    const text = deepChangeFeed(MAX_JSON_DEPTH - 5);
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => jsonResponse(text),
    });
    const { data } = await client.request('episodeChanges', { episode_id: 1 });
    expect(data).toEqual(JSON.parse(text));
  });
});

describe('__proto__, constructor and prototype keys at any depth are neutralised', () => {
  const samples = readManifest().filter((entry) => entry.kind === 'response' && isOperationName(entry.operation));

  it.each(samples.map((entry) => [entry.file, entry.operation] as const))(
    '%s parses as the clean sample, without the keys at any depth',
    async (file, operation) => {
      tally.add('prototype-key body');
      const poisoned = withPrototypeKeys(readSample(file));
      const clean = createApiClient({
        baseUrl: TEST_BASE_URL,
        accessToken: TEST_TOKEN,
        fetch: async () => jsonResponse(readSampleText(file)),
      });
      const client = createApiClient({
        baseUrl: TEST_BASE_URL,
        accessToken: TEST_TOKEN,
        fetch: async () => jsonResponse(poisoned),
      });
      const params = exampleParams[operation as OperationName] as never;
      const { data } = await client.request(operation as OperationName, params);
      expect(allKeys(data).filter((key) => FORBIDDEN.includes(key) || key.startsWith('<'))).toEqual([]);
      expect(data).toStrictEqual((await clean.request(operation as OperationName, params)).data);
    },
  );

  it('covers every operation with a sample', () => {
    expect(new Set(samples.map((entry) => entry.operation)).size).toBeGreaterThanOrEqual(19);
  });
});

describe('the catalogue refuses hostile bodies and keeps the data it had', () => {
  const trending = readSampleText('trending-tv-day.json');
  const day = { time_window: 'day' } as const;

  async function withStoredTrending() {
    const h = hostileCatalogue();
    h.answer(() => jsonResponse(trending, 200, { ETag: 'W/"1"' }));
    await h.catalogue.sync.pull('trendingTv', day);
    const before = await h.catalogue.read('trendingTv', day);
    expect(before?.results.length).toBeGreaterThan(0);
    return { ...h, before };
  }

  const hostile: [string, () => Response][] = [
    ['a 50 MB body', () => hugeBody().response],
    ['a 50 MB body with its Content-Length', () => hugeBody({ declareLength: true }).response],
    ['100k nested arrays', () => jsonResponse(deeplyNestedEnvelope(100_000))],
    ['100k nested objects', () => jsonResponse(deeplyNestedEnvelope(100_000, 'object'))],
    ['a body of 1M nested arrays', () => jsonResponse(deepArray(1_000_000))],
    ['truncated JSON', () => jsonResponse(trending.slice(0, 200))],
  ];

  it.each(hostile)('%s: a typed error, one quarantine row, the old data still served', async (_label, respond) => {
    tally.add('catalogue hostile body');
    const h = await withStoredTrending();
    const quarantined: unknown[] = [];
    h.catalogue.on('quarantined', (event) => quarantined.push(event));
    h.answer(respond);
    const error = await rejectionOf(h.catalogue.sync.pull('trendingTv', day, { force: true }));
    expect(isSchemaValidationError(error), String(error)).toBe(true);
    expect(await databaseOf(h.catalogue).quarantine.count()).toBe(1);
    expect(quarantined).toHaveLength(1);
    expect(await h.catalogue.read('trendingTv', day)).toStrictEqual(h.before);
    await h.catalogue.close();
  });

  it('`maxBodyBytes` sets the limit: the same page is refused under a smaller one, the stored one still served', async () => {
    tally.add('catalogue hostile body');
    const h = hostileCatalogue({ maxBodyBytes: 4_096 });
    h.answer(() => jsonResponse(trending, 200, { ETag: 'W/"1"' }));
    expect(trending.length).toBeGreaterThan(4_096);
    expect(isSchemaValidationError(await rejectionOf(h.catalogue.sync.pull('trendingTv', day)))).toBe(true);
    expect(await databaseOf(h.catalogue).quarantine.count()).toBe(1);
    expect(await h.catalogue.read('trendingTv', day)).toBeUndefined();
    await h.catalogue.close();
    for (const bad of [0, -1, 1.5, Number.NaN, '8MB']) {
      expect(() => hostileCatalogue({ maxBodyBytes: bad as never })).toThrow(
        `maxBodyBytes must be a positive integer, got ${String(bad)}`,
      );
    }
  });

  it('a subscribed view shows the typed error and keeps showing the stored page', async () => {
    tally.add('catalogue hostile body');
    const h = await withStoredTrending();
    const view = h.catalogue.trendingTv(day);
    let shown: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      shown = resolve;
    });
    const stop = view.subscribe(() => {
      if (view.getSnapshot().data) shown();
    });
    await h.clock.runUntil(loaded);
    h.answer(() => jsonResponse(deeplyNestedEnvelope(100_000)));
    await view.refresh();
    const snapshot = view.getSnapshot();
    expect(isSchemaValidationError(snapshot.error)).toBe(true);
    expect(snapshot.data).toStrictEqual(h.before);
    stop();
    await h.catalogue.close();
  });

  it('poisoned bodies are stored without the keys at any depth, and nothing is polluted', async () => {
    tally.add('catalogue hostile body');
    const h = hostileCatalogue();
    h.answer(() => jsonResponse(withPrototypeKeys(JSON.parse(trending))));
    await h.catalogue.sync.pull('trendingTv', day);
    h.answer(() => jsonResponse(prototypeChangeFeed()));
    await h.catalogue.sync.pull('episodeChanges', { episode_id: 63056 });
    const dump = await dumpDatabase(databaseOf(h.catalogue));
    const bad = Object.entries(dump).flatMap(([table, rows]) =>
      allKeys(rows)
        .filter((key) => FORBIDDEN.includes(key) || key.startsWith('<'))
        .map((key) => `${table}: ${key}`),
    );
    expect(bad).toEqual([]);
    expect(await h.catalogue.read('trendingTv', day)).toStrictEqual(JSON.parse(trending));
    const changes = await h.catalogue.read('episodeChanges', { episode_id: 63056 });
    expect(changes?.changes[0]?.items[0]?.value).toEqual({ file_path: '/still.jpg', nested: { deeper: {} } });
    await h.catalogue.close();
  });

  it('a change value carrying the keys is neutralised by the client itself', async () => {
    tally.add('prototype-key body');
    const client = createApiClient({
      baseUrl: TEST_BASE_URL,
      accessToken: TEST_TOKEN,
      fetch: async () => jsonResponse(prototypeChangeFeed()),
    });
    const { data } = await client.request('episodeChanges', { episode_id: 1 });
    expect(allKeys(data).filter((key) => FORBIDDEN.includes(key))).toEqual([]);
  });
});

describe('image helpers never build a URL to elsewhere', () => {
  const configuration = configurationSchema.parse(readSample('configuration.json'));
  const kinds: ImageKind[] = ['backdrop', 'logo', 'poster', 'profile', 'still'];

  function reasonOf(call: () => unknown): string {
    const error = captureThrow(call);
    expect(isImageUrlError(error), `expected an ImageUrlError, got ${String(error)}`).toBe(true);
    return (error as ImageUrlError).reason;
  }

  it.each(HOSTILE_IMAGE_PATHS)('refuses the path %j for every kind, in imageUrl and srcSet', (path) => {
    for (const kind of kinds) {
      const size = configuration.images[`${kind}_sizes`][0] as string;
      expect(reasonOf(() => imageUrl(configuration, path, kind, size))).toBe('path');
      expect(reasonOf(() => srcSet(configuration, path, kind))).toBe('path');
      tally.add('image path', 2);
    }
  });

  it('refuses size tokens the configuration does not list for the kind', () => {
    for (const kind of kinds) {
      for (const size of HOSTILE_SIZES) {
        expect(
          reasonOf(() => imageUrl(configuration, '/abc.jpg', kind, size)),
          `${kind} ${size}`,
        ).toBe('size');
        tally.add('image size');
      }
    }
  });

  it('refuses kinds that are not its own: prototype members included', () => {
    for (const kind of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'posters', '']) {
      expect(reasonOf(() => imageUrl(configuration, '/abc.jpg', kind as ImageKind, 'w500'))).toBe('kind');
      tally.add('image kind');
    }
  });

  it('refuses a crafted configuration: a base that is not a plain http(s) URL, or a size token that climbs', () => {
    const crafted = (images: Partial<typeof configuration.images>) => ({
      ...configuration,
      images: { ...configuration.images, ...images },
    });
    for (const base of HOSTILE_BASES) {
      expect(
        reasonOf(() => imageUrl(crafted({ secure_base_url: base }), '/abc.jpg', 'poster', 'w500')),
        base,
      ).toBe('base');
      tally.add('image base');
    }
    const climbing = crafted({ poster_sizes: ['../../evil', 'w500/..', 'w92?x=', 'w92'] });
    for (const size of ['../../evil', 'w500/..', 'w92?x=']) {
      expect(reasonOf(() => imageUrl(climbing, '/abc.jpg', 'poster', size))).toBe('size');
      tally.add('image size');
    }
    expect(srcSet(climbing, '/abc.jpg', 'poster')).toBe('https://image.tmdb.org/t/p/w92/abc.jpg 92w');
  });

  it('builds the real URL for a real path: the refusals above are not a blanket failure', () => {
    expect(imageUrl(configuration, '/kqjL17yufvn9OVLyXYpvtyrFfak.jpg', 'poster', 'w500')).toBe(
      'https://image.tmdb.org/t/p/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg',
    );
  });

  it('the catalogue refuses images from a stored configuration whose base is javascript:', async () => {
    const h = hostileCatalogue();
    const poisoned = {
      ...configuration,
      images: { ...configuration.images, secure_base_url: 'javascript:alert(1)//' },
    };
    h.answer(() => jsonResponse(poisoned));
    await h.catalogue.configuration();
    expect(reasonOf(() => h.catalogue.imageUrl('/abc.jpg', 'poster', 'w500'))).toBe('base');
    expect(reasonOf(() => h.catalogue.imageUrl('//evil.example/x.jpg', 'poster', 'w500'))).toBe('path');
    await h.catalogue.close();
  });
});
