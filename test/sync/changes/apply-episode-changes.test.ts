import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/api/endpoints.js';
import type { ChangeGroup, ChangeItem, EpisodeChanges } from '../../../src/api/schemas/episode-changes.js';
import { type CatalogueDatabase, storeRequestKey, writeResponse } from '../../../src/store/index.js';
import { applyEpisodeChanges } from '../../../src/sync/changes/apply-episode-changes.js';
import { feedStore } from '../../../src/sync/changes/feed-store.js';
import { interceptMutations } from '../../helpers/mutate-middleware.js';
import { openApiExample, readSample } from '../../helpers/samples.js';
import { countWrites, freshDatabase, ok } from '../../store/store-fixtures.js';

const SERIES = 1399;
const EPISODE = 63056;
const JAN_2015 = Date.UTC(2015, 0, 19);
const LATER = Date.UTC(2015, 0, 26);
const season = { series_id: SERIES, season_number: 1 };

/** Season 1 of the OpenAPI example stored (its episodes get cursors), the cursors moved to `checkedAt`. */
async function seeded(db: CatalogueDatabase, checkedAt = JAN_2015) {
  const details = endpoints.seasonDetails.response.parse(openApiExample('/3/tv/{series_id}/season/{season_number}'));
  await writeResponse(db, {
    operation: 'seasonDetails',
    params: season,
    response: ok(details),
    expiresAt: 9e15,
    now: checkedAt,
  });
  await writeResponse(db, {
    operation: 'seasonCredits',
    params: season,
    response: ok(endpoints.seasonCredits.response.parse(readSample('tv-season-credits.json'))),
    expiresAt: 9e15,
    now: checkedAt,
  });
  await writeResponse(db, {
    operation: 'seasonImages',
    params: season,
    response: ok(endpoints.seasonImages.response.parse(readSample('tv-season-images.json'))),
    expiresAt: 9e15,
    now: checkedAt,
  });
  await db.episodes.update(EPISODE, { production_code: '' });
}

const item = (key: string, fields: Omit<ChangeItem, 'id' | 'time'>, time = '2015-01-20 00:18:31 UTC'): ChangeGroup => ({
  key,
  items: [{ id: `${key}-${time}-${fields.action}`, time, ...fields }],
});

const apply = (db: CatalogueDatabase, feed: EpisodeChanges, language = 'en-US') =>
  applyEpisodeChanges(db, { episodeId: EPISODE, feed, checkedAt: LATER, language, now: LATER, store: feedStore() });

describe('applyEpisodeChanges', () => {
  it('applies the real sample: production_code added, foreign-language overview and name ignored, tvrage_id skipped', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    await seeded(db);
    const before = await db.episodes.get(EPISODE);
    writes.reset();
    const feed = endpoints.episodeChanges.response.parse(readSample('tv-episode-changes.json'));
    const result = await apply(db, feed);
    expect(result).toEqual({ keys: ['production_code'], written: true, staled: 0 });
    expect(await db.episodes.get(EPISODE)).toEqual({ ...before, production_code: '101' });
    expect(writes.rows).toEqual({ episodes: 1, episodeCursors: 1, episodeNews: 1 });
    expect(await db.episodeCursors.get(EPISODE)).toMatchObject({ checkedAt: LATER });
  });

  it('is idempotent: the same feed applied twice writes the episode once and changes nothing the second time', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    await seeded(db);
    const feed = endpoints.episodeChanges.response.parse(readSample('tv-episode-changes.json'));
    await apply(db, feed);
    const once = await db.episodes.get(EPISODE);
    writes.reset();
    expect(await apply(db, feed)).toEqual({ keys: [], written: false, staled: 0 });
    expect(writes.total()).toBe(0);
    expect(await db.episodes.get(EPISODE)).toEqual(once);
  });

  it('converts numbers that arrive as strings, resets deleted fields to the schema empty value, in time order', async () => {
    const db = freshDatabase();
    await seeded(db);
    const feed: EpisodeChanges = {
      changes: [
        // Newest first, as served: the later name must win.
        {
          key: 'name',
          items: [
            { id: 'n2', action: 'updated', time: '2015-01-21 10:00:00 UTC', value: 'Second', original_value: 'First' },
            { id: 'n1', action: 'updated', time: '2015-01-20 10:00:00 UTC', value: 'First', original_value: 'x' },
          ],
        },
        item('runtime', { action: 'updated', value: '45', original_value: '62' }),
        item('overview', { action: 'deleted', original_value: 'old' }),
        item('vote_count', { action: 'updated', value: '12', original_value: '396' }),
      ],
    };
    const result = await apply(db, feed);
    expect([...result.keys].sort()).toEqual(['name', 'overview', 'runtime', 'vote_count']);
    expect(await db.episodes.get(EPISODE)).toMatchObject({ name: 'Second', runtime: 45, overview: '', vote_count: 12 });
    // After the cursor moved to LATER: only items within the overlap (or after) still apply.
    const runtimeDeleted = {
      changes: [item('runtime', { action: 'deleted', original_value: 45 }, '2015-01-26 00:00:30 UTC')],
    };
    await apply(db, runtimeDeleted);
    expect(await db.episodes.get(EPISODE)).toMatchObject({ runtime: null });
  });

  it('destroyed resets like deleted; created carries no value and patches nothing', async () => {
    const db = freshDatabase();
    await seeded(db);
    await db.episodes.update(EPISODE, { production_code: '101' });
    const feed = {
      changes: [item('production_code', { action: 'destroyed', value: '101' }), item('name', { action: 'created' })],
    };
    const before = await db.episodes.get(EPISODE);
    const result = await apply(db, feed);
    expect(result.keys).toEqual(['production_code']);
    expect(await db.episodes.get(EPISODE)).toEqual({ ...before, production_code: '' });
  });

  it('items older than the cursor (beyond the overlap) are already reflected and are not applied', async () => {
    const db = freshDatabase();
    await seeded(db, Date.UTC(2015, 0, 21));
    const feed = { changes: [item('name', { action: 'updated', value: 'Old news', original_value: 'x' })] };
    expect(await apply(db, feed)).toMatchObject({ written: false, keys: [] });
  });

  it('unpatchable keys mark the dependent resources stale: crew → season credits; a still → season images', async () => {
    const db = freshDatabase();
    await seeded(db);
    const credits = storeRequestKey('seasonCredits', season);
    const images = storeRequestKey('seasonImages', season);
    const details = storeRequestKey('seasonDetails', season);
    const crew = await apply(db, { changes: [item('crew', { action: 'added', value: { id: 1 } })] });
    expect(crew).toMatchObject({ keys: ['crew'], written: false, staled: 1 });
    expect((await db.syncMeta.get(credits))?.expiresAt).toBe(LATER);
    expect((await db.syncMeta.get(images))?.expiresAt).toBe(9e15);
    const still = {
      changes: [
        item(
          'images',
          {
            action: 'updated',
            value: { still: { file_path: '/new.jpg' } },
            original_value: { still: { file_path: '/x.jpg' } },
          },
          '2015-01-26 00:01:00 UTC',
        ),
      ],
    };
    const result = await apply(db, still);
    expect(result).toMatchObject({ keys: ['images'], written: true, staled: 1 });
    expect((await db.syncMeta.get(images))?.expiresAt).toBe(LATER);
    expect((await db.syncMeta.get(details))?.expiresAt).toBe(9e15);
    expect(await db.episodes.get(EPISODE)).toMatchObject({ still_path: '/new.jpg' });
  });

  it('a failed transaction applies nothing and keeps the cursor, so the next run applies the feed exactly once', async () => {
    const db = freshDatabase();
    let failCursorPuts = false;
    interceptMutations(db, 'fail-cursor-puts', (req, name, next) =>
      failCursorPuts && name === 'episodeCursors' ? Promise.reject(new Error('crash')) : next(req),
    );
    const writes = countWrites(db);
    await seeded(db);
    const before = await db.episodes.get(EPISODE);
    const cursor = await db.episodeCursors.get(EPISODE);
    const feed = endpoints.episodeChanges.response.parse(readSample('tv-episode-changes.json'));
    failCursorPuts = true;
    await expect(apply(db, feed)).rejects.toThrow('crash');
    failCursorPuts = false;
    expect(await db.episodes.get(EPISODE)).toEqual(before);
    expect(await db.episodeCursors.get(EPISODE)).toEqual(cursor);
    writes.reset();
    await apply(db, feed);
    await apply(db, feed);
    expect(writes.rows.episodes).toBe(1);
    expect(await db.episodes.get(EPISODE)).toMatchObject({ production_code: '101' });
  });
});
