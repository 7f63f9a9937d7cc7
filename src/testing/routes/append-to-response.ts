import { latestSeasonNumber } from '../data/series-details.js';
import type { FakeContext, OperationHandler, OperationRequest } from '../service/request.js';
import { FakeFailure, fail } from '../service/status-codes.js';
import { movieCredits, personCombinedCredits } from './credit-routes.js';
import { seriesChanges } from './nested-changes-routes.js';
import { movieVideos, personExternalIds, personTaggedImages, personTranslations } from './people-routes.js';
import { seasonCredits, seasonImages, tvAccountStates } from './tv-routes.js';

/** The service appends at most this many names; more is 400 code 27, whatever the names are. */
export const MAX_APPENDS = 20;

/** The records whose details the fake serves with `append_to_response` (it has no episode details). */
export type AppendingResource = 'movie' | 'tv' | 'season' | 'person';

/**
 * Every name the service appends to each resource: the sub-resources under its path in the OpenAPI description.
 * The service ignores any other name.
 */
export const SERVICE_APPENDS: { readonly [R in AppendingResource]: readonly string[] } = {
  movie: [
    'account_states',
    'alternative_titles',
    'changes',
    'credits',
    'external_ids',
    'images',
    'keywords',
    'lists',
    'recommendations',
    'release_dates',
    'reviews',
    'similar',
    'translations',
    'videos',
    'watch/providers',
  ],
  tv: [
    'account_states',
    'aggregate_credits',
    'alternative_titles',
    'changes',
    'content_ratings',
    'credits',
    'episode_groups',
    'external_ids',
    'images',
    'keywords',
    'lists',
    'recommendations',
    'reviews',
    'screened_theatrically',
    'similar',
    'translations',
    'videos',
    'watch/providers',
  ],
  season: [
    'account_states',
    'aggregate_credits',
    'credits',
    'external_ids',
    'images',
    'translations',
    'videos',
    'watch/providers',
  ],
  person: [
    'changes',
    'combined_credits',
    'external_ids',
    'images',
    'movie_credits',
    'tv_credits',
    'tagged_images',
    'translations',
  ],
};

/** `/3/tv/{series_id}/credits` is the latest season's credits (the service's own description of it). */
const seriesCredits: OperationHandler = (ctx, req) => {
  const seriesIndex = ctx.cat.series.index(Number(req.params.series_id));
  const season = seriesIndex === undefined ? 0 : latestSeasonNumber(ctx.cat, seriesIndex);
  return seasonCredits(ctx, { ...req, params: { ...req.params, season_number: String(season) } });
};

/**
 * The names the fake appends, each built by the handler of its standalone route with the same request, so an
 * appended part always equals that route's answer (less its `id`).
 */
const FAKE_APPENDS: { readonly [R in AppendingResource]: Readonly<Record<string, OperationHandler>> } = {
  movie: { credits: movieCredits, videos: movieVideos },
  tv: { account_states: tvAccountStates, changes: seriesChanges, credits: seriesCredits },
  season: { credits: seasonCredits, images: seasonImages },
  person: {
    combined_credits: personCombinedCredits,
    external_ids: personExternalIds,
    tagged_images: personTaggedImages,
    translations: personTranslations,
  },
};

/** The names the fake appends to `resource`. */
export function fakeAppends(resource: AppendingResource): readonly string[] {
  return Object.keys(FAKE_APPENDS[resource]);
}

/**
 * Names the service appends to `resource` that the fake does not build: the fake leaves them out of the body and
 * names them in this header, so a client keeps working and a test can see what it did not get.
 */
export const NOT_APPENDED_HEADER = 'x-fake-not-appended';

/** The names asked for, in order, each once; more than 20 (counted as sent) is 400 code 27. */
export function appendNames(req: OperationRequest): string[] {
  const names = (req.query.get('append_to_response') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length > MAX_APPENDS) fail(27);
  return [...new Set(names)];
}

function appendPart(ctx: FakeContext, req: OperationRequest, handler: OperationHandler): unknown {
  try {
    const { id: _id, ...part } = handler(ctx, req).body as Record<string, unknown>;
    return part;
  } catch (error) {
    // A part that cannot answer for this request (account states without a session) is left out, as the service
    // leaves it out; the details themselves still answer.
    if (error instanceof FakeFailure) return undefined;
    throw error;
  }
}

/**
 * A details handler with `append_to_response`: each name the fake builds is added under its own key in the order
 * asked, names the service knows but the fake does not build are listed in `x-fake-not-appended`, and any other
 * name is ignored, as the service ignores it.
 */
export function withAppends(resource: AppendingResource, details: OperationHandler): OperationHandler {
  return (ctx, req) => {
    const names = appendNames(req);
    const result = details(ctx, req);
    const body = { ...(result.body as Record<string, unknown>) };
    const missing: string[] = [];
    for (const name of names) {
      const handler = FAKE_APPENDS[resource][name];
      if (handler) {
        const part = appendPart(ctx, req, handler);
        if (part !== undefined) body[name] = part;
      } else if (SERVICE_APPENDS[resource].includes(name)) missing.push(name);
    }
    const headers =
      missing.length === 0 ? result.headers : { ...result.headers, [NOT_APPENDED_HEADER]: missing.join(',') };
    return { ...result, body, ...(headers ? { headers } : {}) };
  };
}
