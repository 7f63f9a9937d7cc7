import { afterEach, describe, expect, it } from 'vitest';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

/** Every row of every table but `users` (the one place a session id belongs) as JSON. */
async function allRows(catalogue: Catalogue): Promise<string> {
  const out: unknown[] = [];
  for (const table of databaseOf(catalogue).tables) if (table.name !== 'users') out.push(await table.toArray());
  return JSON.stringify(out);
}

describe('story 7: errors carry no URL', () => {
  it('a fetch whose error quotes the URL (as node-fetch does) puts no session id into what reaches the caller', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const quoting: (fetch: FetchLike) => FetchLike = (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.endsWith('/account_states')) {
        throw new TypeError(`request to ${request.url} failed, reason: socket hang up`);
      }
      return fetch(request);
    };
    const catalogue = await story.open(quoting);
    await catalogue.setUser(session);
    const seen: string[] = [];
    catalogue.on('error', (event) => seen.push(JSON.stringify(event)));
    const error = await world.clock
      .runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }))
      .catch((caught: unknown) => caught as Error & { cause?: unknown });
    expect(error).toMatchObject({ name: 'NetworkError' });
    const cause = (error as { cause?: { name: string; message: string } }).cause;
    expect(cause?.name).toBe('TypeError');
    expect(cause?.message).toMatch(/socket hang up/);
    const texts = [
      String(error),
      JSON.stringify(cause),
      cause?.message ?? '',
      JSON.stringify(catalogue.status),
      ...seen,
      await allRows(catalogue),
    ];
    expect(seen.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.includes(session.session_id), text).toBe(false);
  });

  it('a gateway echoing the URL in status_message puts no session id into events, status, sync rows or outbox rows', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const echoing: (fetch: FetchLike) => FetchLike = () => async (input, init) => {
      const request = new Request(input, init);
      const envelope = { success: false, status_code: 9, status_message: `Upstream failed for ${request.url}` };
      return new Response(JSON.stringify(envelope), { status: 502, headers: { 'content-type': 'application/json' } });
    };
    const catalogue = await story.open(echoing, { retry: { attempts: 1 } });
    await catalogue.setUser(session);
    const seen: string[] = [];
    for (const event of ['error', 'mutationFailed', 'retry', 'response'] as const) {
      catalogue.on(event, (payload: unknown) => seen.push(JSON.stringify(payload)));
    }
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }).catch(() => undefined));
    await catalogue.account.rateTvSeries({ series_id: series, value: 5 });
    await world.settle(5_000);
    const [row] = await databaseOf(catalogue).outbox.toArray();
    expect(row?.lastError?.status).toBe(502);
    expect(catalogue.status.lastError?.message).toMatch(/Upstream failed for \[url\]/);
    const texts = [JSON.stringify(catalogue.status), ...seen, await allRows(catalogue)];
    expect(seen.length).toBeGreaterThan(0);
    for (const text of texts) expect(text.includes(session.session_id), text).toBe(false);
  });
});

describe('story 8: an unsolicited 304', () => {
  it('a 304 to a request that sent no If-None-Match is not taken: the answer is fetched again unconditionally', async () => {
    story = storyWorld();
    const { world } = story;
    let proxied = 0;
    const conditional: (string | null)[] = [];
    const proxy: (fetch: FetchLike) => FetchLike = (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/3/trending/tv')) {
        conditional.push(request.headers.get('if-none-match'));
        if (proxied === 0) {
          proxied += 1;
          return new Response(null, { status: 304 });
        }
      }
      return fetch(request);
    };
    const catalogue = await story.open(proxy);
    await world.clock.runUntil(catalogue.sync.pull('trendingTv', { time_window: 'day' }));
    expect(conditional).toEqual([null, null]);
    expect(await catalogue.sync.freshness('trendingTv', { time_window: 'day' })).toBe('fresh');
    expect((await catalogue.read('trendingTv', { time_window: 'day' }))?.results.length).toBeGreaterThan(0);
  });
});
