import { afterEach, describe, expect, it } from 'vitest';
import type { TaggedImagesPage } from '../../../src/api/schemas/tagged-image.js';
import { databaseOf } from '../../../src/create-catalogue.js';
import { storeRequestKey } from '../../../src/store/index.js';
import { type OneCatalogue, oneCatalogue } from '../../helpers/catalogue-world.js';
import { record, until } from '../../query/view-helpers.js';
import { drive, personWithEpisode } from './change-fixture.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let open: OneCatalogue | undefined;
afterEach(async () => {
  await open?.catalogue.close();
  open = undefined;
});

describe('unpatchable change keys', () => {
  it('a new still patches the episode, marks its season images and tagged-image pages stale, and the view revalidates', async () => {
    const f = oneCatalogue();
    open = f;
    const { catalogue, clock, service } = f;
    const { personId, episode } = await personWithEpisode(f);
    const season = { series_id: episode.show_id, season_number: episode.season_number };
    const otherSeason = { series_id: episode.show_id, season_number: episode.season_number === 1 ? 0 : 1 };
    await clock.runUntil(catalogue.sync.pull('seasonImages', season));
    await clock.runUntil(catalogue.sync.pull('seasonCredits', season));
    const hasOther = await clock.runUntil(
      catalogue.sync.pull('seasonImages', otherSeason).then(
        () => true,
        () => false,
      ),
    );
    expect(await databaseOf(catalogue).episodeCursors.get(episode.id)).toBeDefined();

    const view = catalogue.view('personTaggedImages', { person_id: personId });
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh');
    const stillOf = (data: TaggedImagesPage | undefined) =>
      (
        data?.results.find((r) => r.media_type === 'episode' && r.media.id === episode.id)?.media as {
          still_path?: string;
        }
      )?.still_path;

    await clock.advance(HOUR);
    service.control.mutateEpisode(episode.id, { still_path: '/a-new-still.jpg' });
    await clock.advance(MINUTE);
    const events: unknown[] = [];
    catalogue.on('changesApplied', (e) => events.push(e));
    const before = f.urls.length;
    const result = await drive(clock, catalogue.sync.refreshChanges({ budget: 100 }));
    const now = clock.now();

    expect(events).toEqual([{ episodeId: episode.id, keys: ['images'] }]);
    expect(result.staled).toBeGreaterThanOrEqual(2);
    expect(await databaseOf(catalogue).episodes.get(episode.id)).toMatchObject({ still_path: '/a-new-still.jpg' });
    const meta = (operation: 'seasonImages' | 'seasonCredits', params: typeof season) =>
      databaseOf(catalogue).syncMeta.get(storeRequestKey(operation, { ...params, language: 'en-US' }));
    expect((await meta('seasonImages', season))?.expiresAt).toBeLessThanOrEqual(now);
    expect((await meta('seasonCredits', season))?.expiresAt).toBeGreaterThan(now);
    if (hasOther) expect((await meta('seasonImages', otherSeason))?.expiresAt).toBeGreaterThan(now);

    // The view on screen re-emitted with the patched episode, learned its page is stale, and revalidated by
    // itself (no sync.refresh): it turns fresh again from the refetched page.
    await until(clock, view, (s) => s.status === 'fresh' && stillOf(s.data) === '/a-new-still.jpg');
    const refetched = f.urls.slice(before).filter((url) => url.includes(`/person/${personId}/tagged_images`));
    expect(refetched.length).toBeGreaterThanOrEqual(1);
    expect(seen.snapshots.some((s) => s.status === 'stale')).toBe(true);
    seen.stop();
  });
});
