import { TMDB as LorenzopantTmdb, TMDBError } from '@lorenzopant/tmdb';
import { TMDB } from 'tmdb-ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_API_KEY, MAX_APPENDS } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import type { Json } from './helpers.js';

/**
 * Two TMDB clients from npm, unchanged, against the fake over HTTP: what an app built on them sees. Neither takes
 * a base URL option, so each one's requests to the service's origin are sent to the fake instead (tmdb-ts takes a
 * `fetch`; @lorenzopant/tmdb calls the global one). @lorenzopant/tmdb sends a non-JWT token as `?api_key=`.
 */
const SERVICE_ORIGIN = 'https://api.themoviedb.org';
const realFetch = globalThis.fetch;
let served: ServedFakeService;

function toFake(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.startsWith(`${SERVICE_ORIGIN}/`)) return Promise.reject(new Error(`unexpected request to ${url}`));
  return realFetch(`${served.url}${url.slice(SERVICE_ORIGIN.length)}`, init);
}

async function fake<T = Json>(path: string): Promise<T> {
  const response = await realFetch(`${served.url}${path}`, {
    headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** What @lorenzopant/tmdb returns for a body: it turns every null into undefined. */
const withoutNulls = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_k, v) => v ?? undefined));

beforeAll(async () => {
  served = await serveFakeService({ seed: 2, rateLimit: false });
});
afterAll(() => served.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

async function subjects(): Promise<{ movies: number[]; people: number[] }> {
  const movies = (await fake<{ results: Json[] }>('/3/trending/movie/week')).results.slice(0, 5);
  const people = (await fake<{ results: Json[] }>('/3/person/popular')).results.slice(0, 3);
  return { movies: movies.map((m) => m.id as number), people: people.map((p) => p.id as number) };
}

describe('tmdb-ts 2.3.0 against the fake', () => {
  const client = () => new TMDB(FAKE_ACCESS_TOKEN, { fetch: toFake as typeof fetch });

  it('reads movie credits and combined credits as the fake serves them', async () => {
    const { movies, people } = await subjects();
    for (const id of movies) {
      expect(await client().movies.credits(id)).toEqual(await fake(`/3/movie/${id}/credits`));
    }
    for (const id of people) {
      const credits = await client().people.combinedCredits(id, { language: 'fr-FR' });
      expect(credits).toEqual(await fake(`/3/person/${id}/combined_credits?language=fr-FR`));
      expect(credits.id).toBe(id);
    }
  });

  it('reads details with appended sub-resources, and gets code 27 above the limit', async () => {
    const { movies, people } = await subjects();
    const movie = await client().movies.details(movies[0] as number, ['credits', 'videos', 'external_ids']);
    expect(movie).toEqual(await fake(`/3/movie/${movies[0]}?append_to_response=credits,videos,external_ids`));
    expect(movie).toHaveProperty('credits.cast');
    const person = await client().people.details(people[0] as number, ['combined_credits', 'external_ids']);
    expect(person).toHaveProperty('combined_credits.cast');
    expect(person).toHaveProperty('external_ids.imdb_id');
    const tooMany = Array.from({ length: MAX_APPENDS + 1 }, () => 'credits') as never[];
    await expect(client().movies.details(movies[0] as number, tooMany)).rejects.toMatchObject({ status_code: 27 });
  });
});

describe('@lorenzopant/tmdb 1.26.0 against the fake, with the API key', () => {
  const client = () => {
    vi.stubGlobal('fetch', toFake);
    return new LorenzopantTmdb(FAKE_API_KEY);
  };

  it('reads movie credits and combined credits as the fake serves them', async () => {
    const { movies, people } = await subjects();
    const tmdb = client();
    for (const id of movies) {
      const credits = await tmdb.movies.credits({ movie_id: id });
      expect(credits).toEqual(withoutNulls(await fake(`/3/movie/${id}/credits`)));
    }
    for (const id of people) {
      const credits = await tmdb.people.combined_credits({ person_id: id, language: 'de-DE' });
      expect(credits).toEqual(withoutNulls(await fake(`/3/person/${id}/combined_credits?language=de-DE`)));
    }
  });

  it('reads details with appended sub-resources, and gets a TMDBError code 27 above the limit', async () => {
    const { movies, people } = await subjects();
    const tmdb = client();
    const movie = await tmdb.movies.details({
      movie_id: movies[0] as number,
      append_to_response: ['credits', 'videos'],
    });
    expect(movie).toEqual(withoutNulls(await fake(`/3/movie/${movies[0]}?append_to_response=credits,videos`)));
    const person = await tmdb.people.details({
      person_id: people[0] as number,
      append_to_response: ['combined_credits', 'translations', 'tagged_images'],
    });
    expect(person).toHaveProperty('combined_credits.crew');
    expect(person).toHaveProperty('translations.translations');
    const tooMany = Array.from({ length: MAX_APPENDS + 1 }, () => 'videos' as const);
    const error = await tmdb.movies
      .details({ movie_id: movies[0] as number, append_to_response: tooMany })
      .catch((e) => e);
    expect(error).toBeInstanceOf(TMDBError);
    expect(error).toMatchObject({ tmdb_status_code: 27, http_status_code: 400 });
  });
});
