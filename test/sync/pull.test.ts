import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, type OperationName } from '../../src/api/endpoints.js';
import { databaseOf } from '../../src/create-catalogue.js';
import type { CatalogueParams } from '../../src/sync/prepare-call.js';
import type { PullOperation } from '../../src/sync/sync-engine.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

type Truth = { results: { id: number; name?: string; title?: string }[] };

/** Valid parameters for each GET operation, with ids taken from the fake's own lists. */
function paramsFor(f: OneCatalogue) {
  const control = f.service.control;
  const series = (control.groundTruth('trendingTv', { time_window: 'week', language: 'en-US' }) as Truth).results[0];
  const movie = (control.groundTruth('trendingMovies', { time_window: 'day', language: 'en-US' }) as Truth).results[0];
  const person = (control.groundTruth('popularPeople', { language: 'en-US' }) as Truth).results[0];
  if (!series || !movie || !person) throw new Error('the fake served empty lists');
  const episode = { series_id: series.id, season_number: 1, episode_number: 1 };
  const episodeId = control.episodeId(episode);
  if (episodeId === undefined) throw new Error('no episode 1x1');
  return {
    trendingTv: { time_window: 'week' },
    trendingMovies: { time_window: 'day', page: 2 },
    airingToday: {},
    discoverTv: { sort_by: 'vote_average.desc', 'vote_count.gte': 10, with_genres: '18|35' },
    tvAccountStates: { series_id: series.id },
    seasonCredits: { series_id: series.id, season_number: 1 },
    seasonImages: { series_id: series.id, season_number: 1 },
    episodeAccountStates: episode,
    episodeChanges: { episode_id: episodeId },
    movieVideos: { movie_id: movie.id },
    popularPeople: { page: 3 },
    personExternalIds: { person_id: person.id },
    personTaggedImages: { person_id: person.id },
    personTranslations: { person_id: person.id },
    accountTvWatchlist: { sort_by: 'created_at.desc' },
    accountTvFavorites: {},
    accountTvRated: { page: 1 },
    accountMovieWatchlist: {},
    accountMovieFavorites: { sort_by: 'created_at.desc' },
    accountMovieRated: {},
    configuration: {},
    seasonDetails: { series_id: series.id, season_number: 1 },
    listDetails: {
      list_id: control.createList({ session_id: control.createSession().session_id, items: [movie.id] }).list_id,
    },
    searchMulti: { query: String(series.name).split(' ')[0] as string },
    searchTv: { query: String(series.name).split(' ')[0] as string, page: 1 },
    searchMovies: { query: String(movie.title).split(' ')[0] as string },
    searchPeople: { query: String(person.name).split(' ')[0] as string },
    movieDetails: { movie_id: movie.id },
    tvSeriesDetails: { series_id: series.id },
    personDetails: { person_id: person.id },
  } satisfies { [O in PullOperation]: CatalogueParams<O> };
}

describe('sync.pull', () => {
  it('pulls each stored GET operation and reads it back exactly as the service serves it', async () => {
    fixture = oneCatalogue();
    const { catalogue, service } = fixture;
    const session = service.control.createSession();
    await catalogue.setUser(session);
    const all = paramsFor(fixture);
    const operations = Object.keys(all) as PullOperation[];
    const gets = (Object.keys(endpoints) as OperationName[]).filter((op) => endpoints[op].method === 'GET');
    // validateToken is a GET too, but a check, not data: it is never stored; nor are the change lists, which the
    // change feed reads and drops.
    // Nor are the other checks (`kind: 'action'`: request tokens, guest sessions, the account of a session).
    // Nor the credits calls, whose answers the stored movie and person details already append.
    const feeds = new Set<string>([
      'validateToken',
      'tvChanges',
      'seriesChanges',
      'seasonChanges',
      'movieCredits',
      'personCombinedCredits',
    ]);
    const stored = gets.filter((op) => !feeds.has(op) && endpoints[op].kind !== 'action');
    expect(operations.sort()).toEqual(stored.sort());
    expect(operations).toHaveLength(30);

    for (const operation of operations) {
      const params = all[operation] as CatalogueParams<typeof operation>;
      const result = await catalogue.sync.pull(operation, params);
      expect(result.outcome, operation).toBe('stored');
      const sent: Record<string, unknown> = { ...params };
      if (endpoints[operation].takesLanguage) sent.language = 'en-US';
      if (endpoints[operation].scope === 'user') Object.assign(sent, { account_id: session.account_id });
      if (endpoints[operation].scope !== 'public') sent.session_id = session.session_id;
      const truth = endpoints[operation].response.parse(service.control.groundTruth(operation, sent as never));
      expect(await catalogue.read(operation, params), operation).toEqual(truth);
    }
  });

  it('sends the instance language and the session, and keeps the session out of every stored row', async () => {
    fixture = oneCatalogue();
    const { catalogue, service, urls } = fixture;
    const session = service.control.createSession();
    await catalogue.setUser(session);
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await catalogue.sync.pull('accountTvWatchlist', {});
    await catalogue.sync.pull('tvAccountStates', { series_id: 1 }).catch(() => {});
    expect(urls[0]).toBe('http://127.0.0.1:8787/3/trending/tv/day?language=en-US');
    expect(urls[1]).toContain(`/3/account/${session.account_id}/watchlist/tv?`);
    expect(urls[1]).toContain(`session_id=${session.session_id}`);
    // The session id lives in the `users` row only (so a reload can replay the user's outbox; sign-out deletes it).
    const dump: Record<string, unknown[]> = {};
    for (const table of databaseOf(catalogue).tables) {
      if (table.name !== 'users') dump[table.name] = await table.toArray();
    }
    const text = JSON.stringify(dump);
    expect(text).not.toContain(session.session_id);
    expect(text).toContain(`account:${session.account_id}`);
    expect(await databaseOf(catalogue).users.toArray()).toEqual([
      expect.objectContaining({ id: `account:${session.account_id}`, credentials: session }),
    ]);
  });

  it('refuses credentials in parameters, another language, and per-user calls without a user, before any request', async () => {
    fixture = oneCatalogue();
    const { catalogue, urls } = fixture;
    await expect(
      catalogue.sync.pull('tvAccountStates', { series_id: 1, session_id: 'abc' } as never),
    ).rejects.toMatchObject({ name: 'InvalidParamsError', param: 'session_id' });
    await expect(catalogue.sync.pull('trendingTv', { time_window: 'day', language: 'fr-FR' })).rejects.toMatchObject({
      name: 'InvalidParamsError',
      param: 'language',
    });
    await expect(catalogue.sync.pull('accountTvWatchlist', {})).rejects.toMatchObject({
      name: 'InvalidParamsError',
      param: 'session_id',
    });
    await expect(catalogue.sync.pull('trendingTv', { time_window: 'month' as 'day' })).rejects.toMatchObject({
      name: 'InvalidParamsError',
      param: 'time_window',
    });
    expect(urls).toEqual([]);
  });

  it('shares one fetch and one write between concurrent pulls of the same call', async () => {
    fixture = oneCatalogue();
    const { catalogue, urls } = fixture;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => catalogue.sync.pull('trendingMovies', { time_window: 'week' })),
    );
    expect(new Set(results).size).toBe(1);
    expect(urls).toHaveLength(1);
  });
});
