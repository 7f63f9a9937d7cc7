import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/create-catalogue.js';
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/index.js';
import { BASE_URL, type OneCatalogue } from '../../helpers/catalogue-world.js';
import { changeFixture, expectStoreMatchesFake } from './change-fixture.js';

const HOUR = 3_600_000;

interface Feed {
  changes: { key: string; items: { action: string; value?: unknown; original_value?: unknown }[] }[];
}

let open: OneCatalogue | undefined;
afterEach(async () => {
  await open?.catalogue.close();
  open = undefined;
});

describe('numeric change values arrive as strings (FACTS §6)', () => {
  it('the fake serves a runtime change as strings, and the library stores the number', async () => {
    const f = await changeFixture(1);
    open = f;
    // An episode with a runtime: the change is `updated`, with both values.
    const id = f.episodes.find((episode) => f.service.control.episode(episode)?.runtime !== null) as number;
    const before = f.service.control.episode(id)?.runtime as number;
    const runtime = before + 7;
    await f.clock.advance(HOUR);
    f.service.control.mutateEpisode(id, { runtime });

    const response = await f.service.fetch(`${BASE_URL}/3/tv/episode/${id}/changes`, {
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
    });
    const feed = (await response.json()) as Feed;
    const item = feed.changes.find((group) => group.key === 'runtime')?.items[0];
    expect(item).toMatchObject({ action: 'updated', value: String(runtime), original_value: String(before) });

    await f.clock.advance(60_000);
    const result = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    expect(result.patched).toBe(1);
    const row = await databaseOf(f.catalogue).episodes.get(id);
    expect(row?.runtime).toBe(runtime);
    expect(typeof row?.runtime).toBe('number');
    await expectStoreMatchesFake(f, f.episodes);
  });

  it('a runtime that becomes empty is deleted with its old value as a string, and stored as null', async () => {
    const f = await changeFixture(1);
    open = f;
    const id = f.episodes.find((episode) => f.service.control.episode(episode)?.runtime !== null) as number;
    const before = f.service.control.episode(id)?.runtime as number;
    await f.clock.advance(HOUR);
    f.service.control.mutateEpisode(id, { runtime: null });
    const response = await f.service.fetch(`${BASE_URL}/3/tv/episode/${id}/changes`, {
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
    });
    const item = ((await response.json()) as Feed).changes.find((group) => group.key === 'runtime')?.items[0];
    expect(item).toMatchObject({ action: 'deleted', original_value: String(before) });
    await f.clock.advance(60_000);
    await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    expect((await databaseOf(f.catalogue).episodes.get(id))?.runtime).toBeNull();
    await expectStoreMatchesFake(f, f.episodes);
  });
});
