import type { OperationName } from '../../../src/api/index.js';
import type { CatalogueOptions } from '../../../src/catalogue-options.js';
import type { Catalogue } from '../../../src/create-catalogue.js';
import type { MutationOperation } from '../../../src/store/tables/outbox-rows.js';
import type { VirtualClock } from '../../../src/testing/index.js';
import { exampleParams, TEST_BASE_URL, TEST_TOKEN } from '../../helpers/api-client.js';
import { catalogueWorld } from '../../helpers/catalogue-world.js';
import { createRecordingFetch, type FakeHandler, type RecordingFetch } from '../../helpers/recording-fetch.js';
import { seededRandom } from '../../support/seeded-random.js';

export interface HostileCatalogue {
  readonly catalogue: Catalogue;
  readonly fetch: RecordingFetch;
  readonly clock: VirtualClock;
  /** Replaces what the fake server answers from now on. */
  answer(handler: FakeHandler): void;
}

/**
 * A catalogue over a fresh fake IndexedDB and a recording fetch whose answers the test swaps at will; by default
 * the server answers 500 (no test here should reach it unless it says so).
 */
export function hostileCatalogue(options: Partial<CatalogueOptions> = {}): HostileCatalogue {
  let handler: FakeHandler = () => new Response('{"status_code":11}', { status: 500 });
  const fetch = createRecordingFetch((request) => handler(request));
  const world = catalogueWorld({ dbName: 'hostile-input' });
  const catalogue = world.open({
    baseUrl: TEST_BASE_URL,
    accessToken: TEST_TOKEN,
    // The world's fake service stays out of it: every request goes to the answers the test swaps.
    wrapFetch: () => fetch,
    random: seededRandom(),
    // No retries: one hostile answer per call keeps the request counts exact.
    retry: { attempts: 1 },
    ...options,
  });
  return {
    catalogue,
    fetch,
    clock: world.clock,
    answer(next) {
      handler = next;
    },
  };
}

/** The writes the outbox carries: each reached through `catalogue.lists` or `catalogue.account`. */
export const MUTATIONS: readonly string[] = [
  'removeListItem',
  'markFavorite',
  'addToWatchlist',
  'rateTvSeries',
  'deleteTvSeriesRating',
  'rateEpisode',
  'deleteEpisodeRating',
] satisfies readonly MutationOperation[];

/** The catalogue method that submits a mutation. */
export function mutationOf(
  catalogue: Catalogue,
  operation: MutationOperation,
): (params: Record<string, unknown>) => Promise<unknown> {
  if (operation === 'removeListItem') return (params) => catalogue.lists.removeItem(params as never);
  const method = catalogue.account[operation];
  return (params) => method(params as never);
}

/** The example parameters as a catalogue caller passes them: credentials come from `setUser`, never parameters. */
export function catalogueParams(operation: OperationName): Record<string, unknown> {
  const { session_id: _s, guest_session_id: _g, ...rest } = exampleParams[operation] as Record<string, unknown>;
  return rest;
}

/** What a synchronous call threw, or undefined. */
export function captureThrow(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}
