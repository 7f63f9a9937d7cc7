import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { drive } from '../sync/changes/change-fixture.js';
import { captureText, SecretScan } from './support/hostile-secret-scan.js';

/**
 * Secrets (issue 11, item 6): one representative session through `createCatalogue` with a distinctive bearer token,
 * then every request URL, event, log line, error reaching the caller and IndexedDB row is searched for the token,
 * the session ids and the request tokens, as is and URL-encoded and base64. Session ids may live in one place only,
 * the `users` table (schema version 4), and only while their user is signed in.
 */

// A valid RFC 6750 b64token whose URL-encoded and base64 forms differ from it (`+`, `/`, `=`, `~`).
const TOKEN = 'Reliab1lity-S3cret.Bearer~Tok3n+K9/zQw==';
const BOGUS_SESSION = 'bogusSessionId4f9c1e7a0b2d';

const scan = new SecretScan(TOKEN);
scan.sessionIds.add(BOGUS_SESSION);
/** Table dumps as `table → row JSON[]`, taken while a user was signed in and at the end. */
const dumps: { signedIn: Record<string, string[]>; final: Record<string, string[]> } = { signedIn: {}, final: {} };
/** The error names that reached the caller, in order. */
const errorNames: string[] = [];
let fixture: OneCatalogue;

async function dump(catalogue: Catalogue): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of databaseOf(catalogue).tables)
    out[table.name] = (await table.toArray()).map((row) => captureText(row));
  return out;
}

/** Runs one step on the virtual clock; a rejection is recorded as an error that reached the caller. */
async function step<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await drive(fixture.clock, promise, 120_000);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    errorNames.push(typeof status === 'number' ? `${(error as Error).name} ${status}` : (error as Error).name);
    scan.add('error', captureText(error));
    return undefined;
  }
}

function learning(fetch: FetchLike): FetchLike {
  return async (input, init) => {
    const response = await fetch(input, init);
    await scan.learnFrom(response.clone());
    return response;
  };
}

async function publicPulls(catalogue: Catalogue): Promise<{ seriesId: number; movieId: number; episodeId: number }> {
  const { control } = fixture.service;
  await step(catalogue.auth.validate());
  const configuration = await step(catalogue.configuration());
  expect(configuration?.images.poster_sizes.length).toBeGreaterThan(0);
  catalogue.imageUrl('/poster.jpg', 'poster', 'w500');
  for (const time_window of ['day', 'week'] as const) {
    await step(catalogue.sync.pull('trendingTv', { time_window }));
    await step(catalogue.sync.pull('trendingMovies', { time_window }));
  }
  await step(catalogue.sync.pull('airingToday', {}));
  await step(catalogue.sync.pull('discoverTv', { sort_by: 'vote_average.desc', 'vote_count.gte': 1 }));
  await step(catalogue.sync.pullList('popularPeople', undefined, { pages: 2 }));
  const person = (await catalogue.read('popularPeople', {}))?.results[0]?.id as number;
  await step(catalogue.sync.pull('personExternalIds', { person_id: person }));
  await step(catalogue.sync.pull('personTaggedImages', { person_id: person }));
  await step(catalogue.sync.pull('personTranslations', { person_id: person }));
  const seriesId = control.allSeries().find((series) => series.adult === false)?.id as number;
  await step(catalogue.track.series(seriesId));
  await step(catalogue.sync.pull('seasonCredits', { series_id: seriesId, season_number: 1 }));
  await step(catalogue.sync.pull('seasonImages', { series_id: seriesId, season_number: 1 }));
  const movieId = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results[0]?.id as number;
  await step(catalogue.sync.pull('movieVideos', { movie_id: movieId }));
  const episodeId = control.episodeId({ series_id: seriesId, season_number: 1, episode_number: 1 }) as number;
  await step(catalogue.sync.pull('episodeChanges', { episode_id: episodeId }));
  return { seriesId, movieId, episodeId };
}

async function views(catalogue: Catalogue): Promise<void> {
  const trending = catalogue.trendingTv({ time_window: 'day' });
  const people = catalogue.pages('popularPeople');
  const stops = [trending.subscribe(() => {}), people.subscribe(() => {})];
  await step(people.fetchNextPage());
  await step(trending.refresh());
  expect(trending.getSnapshot().data?.results.length).toBeGreaterThan(0);
  for (const stop of stops) stop();
}

/** 404, 5xx, a connection reset, a schema violation, a 429 storm, and 401 for an unknown session. */
async function failures(catalogue: Catalogue, ids: { movieId: number; seriesId: number }): Promise<void> {
  const { control } = fixture.service;
  await step(catalogue.sync.pull('personExternalIds', { person_id: 987_654_321 }));
  control.setFaults({
    operations: {
      movieVideos: { errorRate: 1 },
      personTranslations: { resetRate: 1 },
      seasonImages: { schemaViolationRate: 1 },
    },
  });
  await step(catalogue.sync.pull('movieVideos', { movie_id: ids.movieId }, { force: true }));
  await step(catalogue.sync.pull('personTranslations', { person_id: 287 }, { force: true }));
  await step(catalogue.sync.pull('seasonImages', { series_id: ids.seriesId, season_number: 1 }, { force: true }));
  control.setFaults(undefined);
  control.storm({ durationMs: 3_000 });
  await step(catalogue.sync.pull('airingToday', {}, { force: true }));
  await fixture.clock.advance(5_000);
  await step(catalogue.setUser({ account_id: 1, session_id: BOGUS_SESSION }));
  await step(catalogue.sync.pull('accountTvWatchlist', {}));
  await step(catalogue.signOut({ force: true }));
}

async function signedInSession(catalogue: Catalogue, ids: { seriesId: number; episodeId: number }): Promise<void> {
  const { control } = fixture.service;
  const token = await step(catalogue.auth.createRequestToken());
  control.approveRequestToken(token?.request_token as string);
  await step(catalogue.auth.createSession(token?.request_token as string));
  const sessionId = [...scan.sessionIds].find((id) => id !== BOGUS_SESSION) as string;
  expect(sessionId).toBeDefined();
  const place = { series_id: ids.seriesId, season_number: 1, episode_number: 1 };
  await step(catalogue.sync.pull('accountTvWatchlist', {}));
  await step(catalogue.sync.pull('tvAccountStates', { series_id: ids.seriesId }));
  await step(catalogue.sync.pull('episodeAccountStates', place));
  const movies = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results ?? [];
  const { list_id } = control.createList({ session_id: sessionId, items: movies.slice(0, 3).map((m) => m.id) });
  await step(catalogue.sync.pull('listDetails', { list_id }));
  await step(catalogue.lists.removeItem({ list_id, media_id: movies[0]?.id as number }));
  await step(catalogue.account.markFavorite({ media_type: 'tv', media_id: ids.seriesId, favorite: true }));
  await step(catalogue.account.addToWatchlist({ media_type: 'tv', media_id: ids.seriesId, watchlist: true }));
  await step(catalogue.account.rateTvSeries({ series_id: ids.seriesId, value: 8 }));
  await step(catalogue.account.rateEpisode({ ...place, value: 7.5 }));
  // A change the service refuses for good (no such series): `mutationFailed`, rolled back.
  await step(catalogue.account.markFavorite({ media_type: 'tv', media_id: 987_654_321, favorite: true }));
  await step(catalogue.outbox.drain());
  control.mutateEpisodes({ count: 3, series_id: ids.seriesId });
  await fixture.clock.advance(60_000);
  await step(catalogue.sync.refresh());
  dumps.signedIn = await dump(catalogue);
  await step(catalogue.signOut());
}

async function guestSession(catalogue: Catalogue, ids: { seriesId: number }): Promise<void> {
  await step(catalogue.auth.createGuestSession());
  await step(catalogue.account.rateTvSeries({ series_id: ids.seriesId, value: 6 }));
  await step(catalogue.outbox.drain());
  await step(catalogue.signOut());
}

beforeAll(async () => {
  fixture = oneCatalogue({
    service: { accessToken: TOKEN, seed: 3 },
    catalogue: { accessToken: TOKEN, logger: scan.logger(), retry: { attempts: 2 }, wrapFetch: learning },
  });
  const { catalogue } = fixture;
  scan.listen((event, listener) => catalogue.on(event, listener));
  const ids = await publicPulls(catalogue);
  await views(catalogue);
  await failures(catalogue, ids);
  await signedInSession(catalogue, ids);
  await guestSession(catalogue, ids);
  await drive(fixture.clock, catalogue.onIdle());
  dumps.final = await dump(catalogue);
  for (const url of fixture.urls) scan.add('url', url);
  await catalogue.close();
}, 60_000);

afterAll(() => {
  const rows = [...Object.values(dumps.signedIn).flat(), ...Object.values(dumps.final).flat()];
  const everything = [...Object.values(scan.captured).flat(), ...rows];
  const occurrences = (secrets: string[]) => everything.flatMap((text) => SecretScan.find(text, secrets)).length;
  const { users: _users, ...others } = dumps.signedIn;
  const sessionsOutsideUsers = holders(others, scan.sessionIds).length + holders(dumps.final, scan.sessionIds).length;
  process.stdout.write(
    `[reliability] secrets: urls=${scan.captured.url.length} events=${scan.captured.event.length} ` +
      `logLines=${scan.captured.log.length} errors=${scan.captured.error.length} rowsChecked=${rows.length} ` +
      `credentials=${scan.allSecrets().length} tokenOccurrences=${occurrences([TOKEN])} ` +
      `requestTokenOccurrences=${occurrences([...scan.requestTokens])} sessionIdRowsOutsideUsers=${sessionsOutsideUsers}\n`,
  );
});

/** `table: form` for every row of `tables` holding one of `secrets`. */
function holders(tables: Record<string, string[]>, secrets: Iterable<string>): string[] {
  const list = [...secrets];
  return Object.entries(tables).flatMap(([table, rows]) =>
    rows.flatMap((row) => SecretScan.find(row, list).map((form) => `${table}: ${form}`)),
  );
}

describe('the scan itself', () => {
  it('finds a secret as is, URL-encoded, base64 and base64url, and nothing in unrelated text', () => {
    const forms = [TOKEN, encodeURIComponent(TOKEN), btoa(TOKEN), Buffer.from(TOKEN).toString('base64url')];
    for (const form of forms) expect(SecretScan.find(`before ${form} after`, [TOKEN]), form).not.toEqual([]);
    expect(SecretScan.find(`Bearer ${TOKEN.slice(0, -3)}`, [TOKEN])).toEqual([]);
  });
});

describe('no credential leaks from a full session', () => {
  it('the session really happened: every kind of call, failure and event it claims', () => {
    expect(scan.sessionIds.size).toBeGreaterThanOrEqual(3); // the bogus one, an account session, a guest session
    expect(scan.requestTokens.size).toBe(1);
    expect(fixture.urls.length).toBeGreaterThan(40);
    expect(new Set(errorNames)).toEqual(
      new Set([
        'ServiceError 401',
        'ServiceError 404',
        'ServiceError 429',
        'ServiceError 503',
        'NetworkError',
        'SchemaValidationError',
      ]),
    );
    for (const event of ['request', 'response', 'retry', 'rateLimited', 'stored', 'quarantined', 'error', 'status']) {
      expect(scan.eventCounts.get(event) ?? 0, event).toBeGreaterThan(0);
    }
    for (const event of ['progress', 'mutationSent', 'mutationFailed', 'idle', 'stats']) {
      expect(scan.eventCounts.get(event) ?? 0, event).toBeGreaterThan(0);
    }
    expect(scan.captured.log.length).toBeGreaterThan(0);
  });

  it('no request URL carries the token or a request token; session ids only as their own query parameter', () => {
    const secrets = [TOKEN, ...scan.requestTokens];
    const leaks = scan.captured.url.flatMap((url) => SecretScan.find(url, secrets));
    expect(leaks).toEqual([]);
    const outsideTheirParameter = scan.captured.url.flatMap((text) => {
      const url = new URL(text);
      url.searchParams.delete('session_id');
      url.searchParams.delete('guest_session_id');
      return SecretScan.find(url.href, scan.sessionIds);
    });
    expect(outsideTheirParameter).toEqual([]);
  });

  it.each(['event', 'log', 'error'] as const)('no %s carries any credential in any form', (channel) => {
    const secrets = scan.allSecrets();
    expect(scan.captured[channel].length).toBeGreaterThan(0);
    expect(scan.captured[channel].flatMap((text) => SecretScan.find(text, secrets))).toEqual([]);
  });

  it('while signed in, session ids are in the users table only, and the token and request token nowhere', () => {
    const { users = [], ...others } = dumps.signedIn;
    expect(Object.values(dumps.signedIn).flat().length).toBeGreaterThan(100);
    expect(holders(others, scan.allSecrets())).toEqual([]);
    expect(holders({ users }, [TOKEN, ...scan.requestTokens])).toEqual([]);
    // The design's one exception holds the signed-in account's session, so the scan above is not vacuous.
    expect(holders({ users }, scan.sessionIds).length).toBeGreaterThan(0);
  });

  it('after sign-out no table holds any credential, and the users table is empty', () => {
    expect(Object.values(dumps.final).flat().length).toBeGreaterThan(100);
    expect(holders(dumps.final, scan.allSecrets())).toEqual([]);
    expect(dumps.final.users).toEqual([]);
  });
});
