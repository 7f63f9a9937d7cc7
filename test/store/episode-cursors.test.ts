import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { CURRENT_SCHEMA_VERSION, openCatalogueDatabase, readStored, writeResponse } from '../../src/store/index.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { openApiExample, readSample } from '../helpers/samples.js';
import { freshDatabase, ok } from './store-fixtures.js';

const season = { series_id: 1399, season_number: 1 };
const details = () =>
  endpoints.seasonDetails.response.parse(openApiExample('/3/tv/{series_id}/season/{season_number}'));

describe('schema version 3: episode cursors', () => {
  it('migrates a version-2 database: every stored episode gets a cursor at 0 (it takes the fallback once)', async () => {
    const indexedDB = new IDBFactory();
    const v2 = new Dexie('catalogue', { indexedDB, IDBKeyRange });
    v2.version(1).stores(version1Stores);
    v2.version(2).stores(version2Stores);
    const tagged = endpoints.personTaggedImages.response.parse(readSample('person-tagged-images.json'));
    const episodes = tagged.results.filter((r) => r.media_type === 'episode').map((r) => r.media);
    expect(episodes.length).toBeGreaterThan(0);
    await v2.table('episodes').bulkPut(episodes.map(({ media_type: _t, ...row }) => row));
    v2.close();

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(CURRENT_SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
    const cursors = await db.episodeCursors.toArray();
    expect(cursors.map((c) => c.episode_id).sort()).toEqual(episodes.map((e) => (e as { id: number }).id).sort());
    expect(cursors.every((c) => c.checkedAt === 0 && c.applied.length === 0)).toBe(true);
    const first = episodes[0] as { id: number; show_id: number };
    expect(await db.episodeCursors.where('series_id').equals(first.show_id).primaryKeys()).toContain(first.id);
    db.close();
  });

  it('season details store their episodes with cursors, read back as served, and a newer write advances them', async () => {
    const db = freshDatabase();
    const data = details();
    await writeResponse(db, { operation: 'seasonDetails', params: season, response: ok(data), expiresAt: 10, now: 5 });
    expect(await readStored(db, 'seasonDetails', season)).toStrictEqual(data);
    const ids = data.episodes.map((e) => e.id);
    expect((await db.episodeCursors.bulkGet(ids)).map((c) => c?.checkedAt)).toEqual(ids.map(() => 5));
    await db.episodeCursors.update(ids[0] as number, { applied: [{ id: 'x', time: 4 }] });

    await writeResponse(db, { operation: 'seasonDetails', params: season, response: ok(data), expiresAt: 99, now: 50 });
    expect((await db.episodeCursors.get(ids[0] as number))?.checkedAt).toBe(50);
    // A 304 says nothing about when the episodes were last current beyond the stored ETag: cursors stay.
    await writeResponse(db, {
      operation: 'seasonDetails',
      params: season,
      response: { status: 304, receivedAt: 0, maxAgeSeconds: undefined } as never,
      expiresAt: 999,
      now: 900,
    });
    expect((await db.episodeCursors.get(ids[0] as number))?.checkedAt).toBe(50);
  });

  it('an episode account state creates a cursor but never advances one (it carries no episode data)', async () => {
    const db = freshDatabase();
    const state = endpoints.episodeAccountStates.response.parse(readSample('tv-episode-account-states.json'));
    const params = { series_id: 1399, season_number: 1, episode_number: 1 };
    await writeResponse(db, {
      operation: 'episodeAccountStates',
      params,
      userScope: 'u1',
      response: ok(state),
      expiresAt: 10,
      now: 7,
    });
    expect(await db.episodeCursors.get(state.id)).toMatchObject({
      episode_id: state.id,
      series_id: 1399,
      checkedAt: 7,
    });
    await writeResponse(db, {
      operation: 'episodeAccountStates',
      params,
      userScope: 'u1',
      response: ok(state),
      expiresAt: 10,
      now: 70,
    });
    expect((await db.episodeCursors.get(state.id))?.checkedAt).toBe(7);
  });
});
