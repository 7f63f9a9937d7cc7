import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { MutationFailedEvent } from '../../src/sync/catalogue-events.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

const WRITES = ['markFavorite', 'addToWatchlist', 'rateTvSeries', 'removeListItem'] as const;

describe('story 3: an unknown outcome is not a failure', () => {
  it('back online behind a captive portal (200 text/html), offline changes wait; once past it, all are sent', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    const { list_id } = world.service.control.createList({ session_id: session.session_id, items: [11, 12] });
    await world.clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
    const failed: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    world.connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await catalogue.account.rateTvSeries({ series_id: series, value: 7 });
    await catalogue.lists.removeItem({ list_id, media_id: 11 });
    // The hotel's network: every write is answered by the portal's login page.
    world.service.control.setFaults({
      operations: Object.fromEntries(WRITES.map((operation) => [operation, { portalRate: 1 }])),
    });
    world.connectivity.setOnline(true);
    await world.settle(60_000);
    expect(world.service.log.entries().filter((entry) => entry.fault === 'portal').length).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    const rows = await databaseOf(catalogue).outbox.toArray();
    expect(rows.map((row) => row.state).filter((state) => state === 'failed')).toEqual([]);
    expect(rows).toHaveLength(3);
    expect(story.truth()).toMatchObject({ favorite: false, rated: false });
    // Signed in to the portal: the same rows go through, in order.
    world.service.control.setFaults(undefined);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(failed).toEqual([]);
    expect(story.truth()).toMatchObject({ favorite: true, rated: { value: 7 } });
    expect(world.service.control.listItems(list_id)).toEqual([12]);
  });

  it('an answer cut after the service committed is not rolled back: the row is sent again and completes', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
    const failed: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    world.service.control.setFaults({ operations: { markFavorite: { malformedRate: 1 } } });
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await world.settle(5_000);
    // The service took it; the answer was cut. The screen keeps the change, the row waits.
    expect(world.service.log.entries().filter((entry) => entry.fault === 'malformed').length).toBeGreaterThan(0);
    expect(story.truth().favorite).toBe(true);
    expect(failed).toEqual([]);
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({ favorite: true });
    const [row] = await databaseOf(catalogue).outbox.toArray();
    expect(row?.state).not.toBe('failed');
    world.service.control.setFaults(undefined);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(failed).toEqual([]);
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({ favorite: true });
  });

  it('only an answer that says no fails a row: a 4xx in the service envelope', async () => {
    story = storyWorld();
    const { world, session } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    const failed: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    // A series the service does not know: it answers a 4xx in its own envelope (status_code 34).
    await catalogue.account.rateTvSeries({ series_id: 999_999_999, value: 5 });
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(failed).toHaveLength(1);
    expect(failed[0]?.error).toMatchObject({ name: 'ServiceError' });
    expect((failed[0]?.error.status ?? 0) >= 400 && (failed[0]?.error.status ?? 0) < 500).toBe(true);
  });
});
