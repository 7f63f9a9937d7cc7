import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calls, type OperationName } from '../../src/api/calls.js';
import { defineCall } from '../../src/api/define-call.js';
import { endpoints, operationNames } from '../../src/api/endpoints.js';
import { optional } from '../../src/api/param-rules.js';
import { responses } from '../../src/api/responses.js';
import type { ResponsesOf } from '../../src/api/responses-of.js';
import { pageParam } from '../../src/api/schemas/params.js';
import { isStoredOperation, STORED_OPERATIONS } from '../../src/api/stored-operations.js';
import { storeMappings } from '../../src/store/mappings/store-mappings.js';
import { createFakeService } from '../../src/testing/index.js';
import { operationHandlers } from '../../src/testing/routes/operations.js';

/**
 * The registry is the one place an operation is declared (`src/api/calls.ts` says how to add one): its entry says
 * whether its answers are stored, its response schema sits beside it in its group, and everything else derives from
 * those. These tests hold every derived place to the entries, so that adding an operation needs its entry, its
 * schemas and (when stored) its store mapping, and a place that drifts fails here.
 */

const REGISTRY_DIR = join(import.meta.dirname, '..', '..', 'src', 'api', 'registry');

/** Each group of the registry folder: its calls and its responses, loaded from the files themselves. */
async function registryGroups() {
  const files = readdirSync(REGISTRY_DIR);
  const groups = files.filter((file) => file.endsWith('-calls.ts')).map((file) => file.slice(0, -'-calls.ts'.length));
  return Promise.all(
    groups.map(async (group) => {
      const callsModule = (await import(join(REGISTRY_DIR, `${group}-calls.ts`))) as Record<string, object>;
      const responsesModule = (await import(join(REGISTRY_DIR, `${group}-responses.ts`))) as Record<string, object>;
      return {
        group,
        calls: Object.values(callsModule)[0] as Record<string, unknown>,
        responses: Object.values(responsesModule)[0] as Record<string, unknown>,
        files: files.filter((file) => file.startsWith(`${group}-`)),
      };
    }),
  );
}

describe('the registry: one entry per operation', () => {
  it('every group file has its responses beside it, one per call and no other, and nothing else is in the folder', async () => {
    const groups = await registryGroups();
    expect(groups.length).toBeGreaterThanOrEqual(5);
    for (const { group, calls: groupCalls, responses: groupResponses, files } of groups) {
      expect(files.sort(), group).toEqual([`${group}-calls.ts`, `${group}-responses.ts`]);
      expect(Object.keys(groupResponses).sort(), group).toEqual(Object.keys(groupCalls).sort());
    }
    expect(readdirSync(REGISTRY_DIR).length).toBe(groups.length * 2);
  });

  it('the registry is exactly its groups: none missing from calls.ts or responses.ts, none declared twice', async () => {
    const groups = await registryGroups();
    const declared = groups.flatMap((group) => Object.keys(group.calls));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(Object.keys(calls).sort());
    expect(Object.keys(responses).sort()).toEqual(Object.keys(calls).sort());
    for (const group of groups) {
      for (const [operation, call] of Object.entries(group.calls)) {
        expect(calls[operation as OperationName], operation).toBe(call);
        expect(responses[operation as OperationName], operation).toBe(group.responses[operation]);
      }
    }
  });

  it('each endpoint is its call with the response declared beside it', () => {
    expect(operationNames).toEqual(Object.keys(calls));
    for (const operation of operationNames) {
      const endpoint = endpoints[operation];
      expect(Object.getPrototypeOf(endpoint), operation).toBe(calls[operation]);
      // The builder makes its schema once: the entry's response is what it made.
      expect(endpoint.response, operation).toBe(responses[operation]());
      expect(typeof endpoint.response.safeParse, operation).toBe('function');
    }
  });
});

describe('whether answers are stored is a property of the entry', () => {
  it('every entry says it, as a boolean; no action is stored', () => {
    for (const operation of operationNames) {
      const { stored, kind } = calls[operation] as { stored: unknown; kind: string };
      expect(typeof stored, operation).toBe('boolean');
      if (kind === 'action') expect(stored, operation).toBe(false);
    }
    // Both answers occur among the reads: the flag is not the kind under another name.
    const reads = operationNames.filter((operation) => calls[operation].kind !== 'action');
    expect(reads.filter((operation) => calls[operation].stored).length).toBeGreaterThanOrEqual(20);
    expect(reads.filter((operation) => !calls[operation].stored).length).toBeGreaterThanOrEqual(5);
  });

  it('every stored entry has exactly one store mapping, and an entry not stored has none', () => {
    for (const operation of operationNames) {
      expect(Object.hasOwn(storeMappings, operation), operation).toBe(calls[operation].stored);
    }
    for (const mapped of Object.keys(storeMappings)) {
      expect(operationNames, mapped).toContain(mapped);
    }
  });

  it('the stored operations (and their views) are read from the entries, not kept as a list', () => {
    expect([...STORED_OPERATIONS]).toEqual(operationNames.filter((operation) => calls[operation].stored));
    for (const operation of operationNames) {
      expect(isStoredOperation(operation), operation).toBe(calls[operation].stored);
    }
    expect(isStoredOperation('toString')).toBe(false);
    expect(isStoredOperation('__proto__')).toBe(false);
  });

  it('the declaration keeps the flag it is given: a list can be a call only', () => {
    const feed = defineCall({
      method: 'GET',
      path: '/3/example/feed',
      pathParams: () => ({}),
      query: () => ({ page: optional(pageParam) }),
      scope: 'public',
      kind: 'list',
      stored: false,
      maxAgeSeconds: 600,
    });
    expect(feed.stored).toBe(false);
    expect(feed.paged).toBe(true);
  });
});

/**
 * Type tests, checked by `tsc --noEmit` (tsconfig includes `test/`): each `@ts-expect-error` fails the typecheck
 * when the mistake below it stops being one. At run time they only build (a declaration makes nothing until used).
 */
function registryMistakes() {
  const call = {
    method: 'GET',
    path: '/3/example',
    pathParams: () => ({}),
    query: () => ({}),
    scope: 'public',
    maxAgeSeconds: 0,
  } as const;
  // @ts-expect-error An entry says whether its answers are stored: no default.
  defineCall({ ...call, kind: 'resource' });
  // @ts-expect-error An action's answers are never stored.
  defineCall({ ...call, kind: 'action', stored: true });
  const groupCalls = { example: defineCall({ ...call, kind: 'resource', stored: true }) };
  const wrong: ResponsesOf<typeof groupCalls>[] = [
    // @ts-expect-error A call without its response schema.
    {},
    // @ts-expect-error A response schema without its call.
    { example: responses.configuration, other: responses.configuration },
    // @ts-expect-error A schema where its builder belongs: it would be made when the registry loads.
    { example: endpoints.configuration.response },
  ];
  const right: ResponsesOf<typeof groupCalls> = { example: responses.configuration };
  return { wrong, right };
}

describe('a mistake in a declaration is a compile error', () => {
  it('the mistakes above are typed as errors (tsc); the right group is its calls', () => {
    const { wrong, right } = registryMistakes();
    expect(wrong).toHaveLength(3);
    expect(Object.keys(right)).toEqual(['example']);
  });
});

describe('the fake service serves the registry, and nothing beside it', () => {
  // The service also answers the account under its id; the registry calls it by the id-less path (a client learns
  // its id there): the one route of the fake that is not a registry path, and it answers `accountDetails`.
  const ALIASES = new Set(['GET /3/account/{account_id}']);

  it('has one handler per operation, and no other', () => {
    expect(Object.keys(operationHandlers).sort()).toEqual([...operationNames].sort());
  });

  it("routes every operation's method and path, and every /3/ route it has is an operation's", () => {
    const { app } = createFakeService();
    const served = app.routes
      .filter((route) => route.path.startsWith('/3/') && route.path !== '/3/*' && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const declared = operationNames.map((operation) => `${calls[operation].method} ${calls[operation].path}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect(served.filter((route) => !ALIASES.has(route)).sort()).toEqual([...declared].sort());
  });
});
