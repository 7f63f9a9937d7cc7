import { afterEach, describe, expect, it } from 'vitest';
import { calls } from '../../src/api/calls.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { STORED_OPERATIONS } from '../../src/api/stored-operations.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, catalogueWorld } from '../helpers/catalogue-world.js';

const world = catalogueWorld({ door: 'eager' });
afterEach(() => world.closeAll());

describe('projection', () => {
  it('every public stored operation: the validated answer equals what the engine stores and reads back', async () => {
    const { service } = world;
    const tv = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] })
      .results[0]!.id;
    const movie = (
      service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] }
    ).results[0]!.id;
    const person = (service.control.groundTruth('popularPeople', {}) as { results: { id: number }[] }).results[0]!.id;
    const episode = service.control.episodeId({ series_id: tv, season_number: 1, episode_number: 1 })!;
    const params: Record<string, Record<string, unknown>> = {
      trendingTv: { time_window: 'day' },
      trendingMovies: { time_window: 'week' },
      airingToday: {},
      discoverTv: {},
      seasonCredits: { series_id: tv, season_number: 1 },
      seasonImages: { series_id: tv, season_number: 1 },
      episodeChanges: { episode_id: episode },
      movieVideos: { movie_id: movie },
      popularPeople: {},
      personExternalIds: { person_id: person },
      personTaggedImages: { person_id: person },
      personTranslations: { person_id: person },
      configuration: {},
      seasonDetails: { series_id: tv, season_number: 1 },
      movieDetails: { movie_id: movie },
      tvSeriesDetails: { series_id: tv },
      personDetails: { person_id: person },
    };
    const client = createApiClient({
      baseUrl: BASE_URL,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: (i, n) => service.fetch(new Request(i, n)),
    });
    const catalogue = world.open();
    for (const operation of STORED_OPERATIONS) {
      if (calls[operation].scope !== 'public' || operation === 'listDetails') continue;
      const p = params[operation];
      const call = prepareCall(operation, p as never, { language: 'en-US', user: undefined });
      const answer = await client.send(call.request);
      await catalogue.sync.pull(operation, p as never);
      const read = await catalogue.read(operation, p as never);
      expect(read, operation).toStrictEqual(answer.data);
    }
  });
});
