import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { endpoints, operationNames } from '../../src/api/endpoints.js';
import * as publicSchemas from '../../src/api/schemas/index.js';
import * as apiEntry from '../../src/api-entry.js';
import { localKit } from '../../src/query/local-kit.js';
import { recordTables } from '../../src/store/tables/record-tables.js';
import { feedStore } from '../../src/sync/changes/feed-store.js';

/**
 * Issue 33: the registry builds its schemas on first use, and `catalogue-sync/api` still exports them as schemas.
 * They must be the same objects: a schema a caller imports is the one the client validates with, not a copy built
 * beside it (a copy would cost its construction twice, and could drift).
 */

const values = Object.entries(publicSchemas).filter(([name]) => name !== 'pagedEnvelope');
const exported = new Map<string, unknown>(Object.entries(apiEntry));
const byObject = new Map<unknown, string>(values.map(([name, value]) => [value, name]));

/** The public name of `schema`, or of its items when it is a page (`{ page, results: [item], … }`). */
function publicNameOf(schema: z.ZodMiniType): string | undefined {
  const direct = byObject.get(schema);
  if (direct !== undefined) return direct;
  const results = (schema as z.ZodMiniObject).def.shape?.results as z.ZodMiniArray | undefined;
  const item = results?.def.element;
  return item === undefined ? undefined : `page of ${byObject.get(item)}`;
}

describe('the public schemas are the ones the registry validates with', () => {
  it('catalogue-sync/api exports schemas (values with safeParse), not their builders', () => {
    expect(values.length).toBeGreaterThan(60);
    for (const [name, value] of values) {
      expect(typeof (value as z.ZodMiniType).safeParse, name).toBe('function');
      expect(exported.get(name), name).toBe(value);
    }
    expect(typeof publicSchemas.pagedEnvelope).toBe('function');
  });

  it.each(operationNames)("%s's response is a public schema, or a page of one", (operation) => {
    const name = publicNameOf(endpoints[operation].response as z.ZodMiniType);
    expect(name, operation).toBeDefined();
    expect(name, operation).not.toMatch(/undefined/);
  });

  it('the blocks inside them are the public blocks', () => {
    const s = publicSchemas;
    expect(endpoints.trendingTv.response.def.shape.results.def.element).toBe(s.trendingTvItem);
    expect(endpoints.movieDetails.response).toBe(s.movieDetails);
    expect(s.movieDetails.def.shape.credits).toBe(s.appendedCredits);
    expect(s.tvSeriesDetails.def.shape.credits).toBe(s.appendedCredits);
    expect(s.movieDetails.def.shape.videos.def.shape.results.def.element).toBe(s.video);
    expect(s.seasonDetails.def.shape.episodes.def.element).toBe(s.seasonEpisode);
    expect(s.listDetails.def.shape.items.def.element).toBe(s.listItem);
    expect(s.listItem).toBe(s.movieSummary);
    expect(s.personDetails.def.shape.combined_credits).toBe(s.combinedCredits);
    expect(s.personCombinedCredits.def.shape.cast.def.element).toBe(s.castCredit);
    expect(s.configuration.def.shape.images).toBe(s.imageConfiguration);
    expect(s.accountState.def.shape.rated).toBe(s.rated);
    expect(endpoints.tvAccountStates.response).toBe(endpoints.episodeAccountStates.response);
  });

  it("the library's own uses of a schema get the public one", () => {
    expect(localKit().tvSeriesSummary).toBe(publicSchemas.tvSeriesSummary);
    expect(feedStore().episodeFields).toBe(publicSchemas.seasonEpisode.def.shape);
    const fields = Object.keys(publicSchemas.tvSeriesSummary.def.shape).filter((field) => field !== 'media_type');
    expect(recordTables.tvSeries.fields?.()).toEqual(fields);
    expect(recordTables.people.fields?.()).toContain('known_for');
  });
});
