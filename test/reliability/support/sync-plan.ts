import { endpoints } from '../../../src/api/endpoints.js';
import type { Catalogue } from '../../../src/create-catalogue.js';
import type { CatalogueParams } from '../../../src/sync/prepare-call.js';
import type { PullOperation } from '../../../src/sync/sync-engine.js';
import type { FakeService } from '../../../src/testing/index.js';

/** One stored answer the sync pulls: an operation and its (credential-free) parameters. */
export interface Resource {
  readonly operation: PullOperation;
  readonly params: Record<string, unknown>;
}

/** What "a full pull of a medium catalogue" means here (issue 11, item 1), fixed before the sync starts. */
export interface SyncPlan {
  /** List pages, then people's sub-resources, then seasons (in the order a first run sends them). */
  readonly resources: readonly Resource[];
  /** Episodes of the planned seasons the fake changes between the pull and the change-feed run. */
  readonly mutatedEpisodes: readonly number[];
}

export interface PlanSizes {
  /** Pages of each trending list (tv and movies, `day`) and of airing today. @default 3 */
  readonly listPages?: number;
  /** Pages of discover and of popular people. @default 10 */
  readonly pages?: number;
  /** People whose three sub-resources are pulled. @default 50 */
  readonly people?: number;
  /** Seasons (season 1 of discovered series) pulled with their episodes. @default 50 */
  readonly seasons?: number;
  /** Tracked episodes the fake changes. @default 40 */
  readonly mutated?: number;
}

type Truth = { results: { id: number }[] };

function truth(service: FakeService, operation: PullOperation, params: Record<string, unknown>): unknown {
  const sent = endpoints[operation].takesLanguage ? { language: 'en-US', ...params } : params;
  return service.control.groundTruth(operation, sent as never);
}

function pages(operation: PullOperation, base: Record<string, unknown>, count: number): Resource[] {
  return Array.from({ length: count }, (_, i) => ({ operation, params: { ...base, page: i + 1 } }));
}

/** Builds the plan from the service's fault-free answers: which people, seasons and episodes exist. */
export function buildSyncPlan(service: FakeService, sizes: PlanSizes = {}): SyncPlan {
  const listPages = sizes.listPages ?? 3;
  const pageCount = sizes.pages ?? 10;
  const lists: Resource[] = [
    ...pages('trendingTv', { time_window: 'day' }, listPages),
    ...pages('trendingMovies', { time_window: 'day' }, listPages),
    ...pages('airingToday', {}, listPages),
    ...pages('discoverTv', { sort_by: 'popularity.desc' }, pageCount),
    ...pages('popularPeople', {}, pageCount),
  ];
  const peopleIds = lists
    .filter((r) => r.operation === 'popularPeople')
    .flatMap((r) => (truth(service, r.operation, r.params) as Truth).results.map((p) => p.id))
    .slice(0, sizes.people ?? 50);
  const people: Resource[] = peopleIds.flatMap((person_id) => [
    { operation: 'personExternalIds', params: { person_id } },
    { operation: 'personTranslations', params: { person_id } },
    { operation: 'personTaggedImages', params: { person_id } },
  ]);
  const seriesIds = lists
    .filter((r) => r.operation === 'discoverTv')
    .flatMap((r) => (truth(service, r.operation, r.params) as Truth).results.map((s) => s.id));
  const seasons: Resource[] = [];
  const episodes: number[] = [];
  for (const series_id of seriesIds) {
    if (seasons.length >= (sizes.seasons ?? 50)) break;
    const params = { series_id, season_number: 1 };
    let season: { episodes: { id: number }[] };
    try {
      season = truth(service, 'seasonDetails', params) as typeof season;
    } catch {
      continue; // A series with specials only: no season 1.
    }
    seasons.push({ operation: 'seasonDetails', params });
    episodes.push(...season.episodes.map((e) => e.id));
  }
  // Every fifth episode of the planned seasons, spread over all of them.
  const mutatedEpisodes = episodes.filter((_, i) => i % 5 === 0).slice(0, sizes.mutated ?? 40);
  return { resources: [...lists, ...people, ...seasons], mutatedEpisodes };
}

/** The fake changes the planned episodes' fields, recording change items (never `vote_average`: no change key). */
export function mutatePlannedEpisodes(service: FakeService, plan: SyncPlan, round: number): void {
  for (const [i, id] of plan.mutatedEpisodes.entries()) {
    const patch =
      i % 3 === 0
        ? { name: `Renamed ${round}-${i}` }
        : i % 3 === 1
          ? { overview: `Changed overview ${round}-${i}.`, runtime: 30 + i }
          : { air_date: `2026-0${1 + (i % 9)}-1${i % 10}` };
    service.control.mutateEpisode(id, patch);
  }
}

/** The fault-free answer of a resource now, parsed through its operation's schema (what "as served" means). */
export function groundTruthOf(service: FakeService, resource: Resource): unknown {
  return endpoints[resource.operation].response.parse(truth(service, resource.operation, resource.params));
}

export function readResource(catalogue: Catalogue, resource: Resource): Promise<unknown> {
  return catalogue.read(resource.operation, resource.params as CatalogueParams<typeof resource.operation>);
}

export interface PullRoundResult {
  readonly succeeded: number;
  readonly failed: number;
  readonly skipped: number;
}

/**
 * One pass over the plan's resources, all handed to the queue at once (it spreads them within the rate). A resource
 * already fresh in the store is skipped, so a new instance after a crash resumes instead of starting over.
 * Failures are counted, never thrown: the caller runs another round.
 */
export async function pullRound(catalogue: Catalogue, plan: SyncPlan): Promise<PullRoundResult> {
  const outcomes = await Promise.all(
    plan.resources.map(async ({ operation, params }) => {
      const typed = params as CatalogueParams<typeof operation>;
      try {
        if ((await catalogue.sync.freshness(operation, typed)) === 'fresh') return 'skipped';
        await catalogue.sync.pull(operation, typed, { priority: 'background' });
        return 'succeeded';
      } catch {
        return 'failed';
      }
    }),
  );
  return {
    succeeded: outcomes.filter((o) => o === 'succeeded').length,
    failed: outcomes.filter((o) => o === 'failed').length,
    skipped: outcomes.filter((o) => o === 'skipped').length,
  };
}
