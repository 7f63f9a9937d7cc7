import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { openCatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import type { MutationSentEvent } from '../../src/sync/catalogue-events.js';
import { createInProcessLocks } from '../../src/sync/in-process-locks.js';
import { createVirtualClock } from '../../src/testing/index.js';
import { holdWrites } from '../helpers/hold-writes.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';
import { killableLocks } from '../support/killable-locks.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

describe('story 1: two tabs', () => {
  it('tab B takes back a favorite while tab A sends it: the service ends with no favorite', async () => {
    story = storyWorld();
    const sending = holdWrites();
    const a = await story.open(sending.wrap);
    const b = await story.open();
    await a.setUser(story.session);
    await b.setUser(story.session);
    await story.world.clock.runUntil(a.sync.pull('tvAccountStates', { series_id: story.series }));
    await a.account.markFavorite({ media_type: 'tv', media_id: story.series, favorite: true });
    // A's write reached the service (it committed the favorite); its answer is on the way.
    await story.until(() => sending.held === 1);
    expect(story.truth().favorite).toBe(true);
    const back = await b.account.markFavorite({ media_type: 'tv', media_id: story.series, favorite: false });
    // B sees that A's row may have landed: its change is a new row after it, not a cancellation.
    expect(back.outcome).toBe('queued');
    sending.release();
    await story.world.clock.runUntil(b.outbox.drain());
    expect(story.truth().favorite).toBe(false);
    expect(await b.read('tvAccountStates', { series_id: story.series })).toMatchObject({ favorite: false });
    expect(await databaseOf(b).outbox.count()).toBe(0);
  });

  it("tab B rates again while tab A sends the first rating: B's value is sent, and is what the service keeps", async () => {
    story = storyWorld();
    const sending = holdWrites();
    const a = await story.open(sending.wrap);
    const b = await story.open();
    await a.setUser(story.session);
    await b.setUser(story.session);
    await a.account.rateTvSeries({ series_id: story.series, value: 6 });
    await story.until(() => sending.held === 1);
    const again = await b.account.rateTvSeries({ series_id: story.series, value: 8 });
    expect(again.outcome).toBe('queued');
    const sent: MutationSentEvent[] = [];
    a.on('mutationSent', (event) => sent.push(event));
    b.on('mutationSent', (event) => sent.push(event));
    sending.release();
    await story.world.clock.runUntil(b.outbox.drain());
    expect(story.truth().rated).toEqual({ value: 8 });
    expect(await databaseOf(b).outbox.count()).toBe(0);
    // One event per row, each with its row's seq, whichever tab sent it.
    expect(sent.map((event) => event.seq).sort()).toEqual([again.seq - 1, again.seq].sort());
  });
});

describe('story 2: reload mid-send', () => {
  it('the page reloads while the favorite is on the wire; taking it back in the new page is sent', async () => {
    story = storyWorld();
    const sending = holdWrites();
    const before = await story.open(sending.wrap);
    await before.setUser(story.session);
    await story.world.clock.runUntil(before.sync.pull('tvAccountStates', { series_id: story.series }));
    await before.account.markFavorite({ media_type: 'tv', media_id: story.series, favorite: true });
    await story.until(() => sending.held === 1);
    // The reload: the old page goes (its claim is handed back), the new one opens on the same database.
    await before.close();
    // Read with a bare database: a new catalogue would claim the row again at once.
    const bare = openCatalogueDatabase({
      name: `catalogue-stories${DATABASE_PROTOCOL_SUFFIX}`,
      indexedDB: story.world.indexedDB,
      IDBKeyRange,
    });
    const [handedBack] = await bare.outbox.toArray();
    bare.close();
    expect(handedBack).toMatchObject({ state: 'pending', attempts: 1 });
    expect(handedBack?.claim).toBeUndefined();
    story.world.connectivity.setOnline(false);
    const after = await story.open();
    const back = await after.account.markFavorite({ media_type: 'tv', media_id: story.series, favorite: false });
    expect(back.outcome).toBe('queued');
    story.world.connectivity.setOnline(true);
    await story.world.clock.runUntil(after.outbox.drain());
    sending.release();
    await story.world.settle(100);
    expect(story.truth().favorite).toBe(false);
    expect(await databaseOf(after).outbox.count()).toBe(0);
  });
});

describe('claims', () => {
  it("drain() in one tab waits out another tab's claim, and resolves once that row is settled", async () => {
    story = storyWorld();
    const sending = holdWrites();
    const a = await story.open(sending.wrap);
    const b = await story.open();
    await a.setUser(story.session);
    await a.account.rateTvSeries({ series_id: story.series, value: 3 });
    await story.until(() => sending.held === 1);
    let drained = false;
    const drain = b.outbox.drain().then(() => {
      drained = true;
    });
    await story.world.settle(5_000);
    expect(drained).toBe(false);
    expect((await databaseOf(b).outbox.toArray())[0]?.state).toBe('sending');
    sending.release();
    await story.world.clock.runUntil(drain);
    expect(await databaseOf(b).outbox.count()).toBe(0);
    // Sent once: A's answer completed the row, B never sent it.
    const writes = story.world.service.log.entries().filter((entry) => entry.method !== 'GET');
    expect(writes).toHaveLength(1);
  });

  it("a dead tab's claim (its locks freed) makes the row sendable again at once; its late answer writes nothing", async () => {
    story = storyWorld();
    const sending = holdWrites();
    // A tab that died mid-send: its timers never fire again (its own clock stands still), so it neither times out
    // nor hands the row back. The browser frees its locks: that, not a clock, frees the row.
    const locks = createInProcessLocks();
    const aLocks = killableLocks(locks);
    const a = await story.open(sending.wrap, { clock: createVirtualClock(story.world.clock.now()), locks: aLocks });
    const b = await story.open(undefined, { locks });
    await a.setUser(story.session);
    await a.account.markFavorite({ media_type: 'tv', media_id: story.series, favorite: true });
    await story.until(() => sending.held === 1);
    const [claimed] = await databaseOf(b).outbox.toArray();
    const leaseUntil = claimed?.claim?.leaseUntil as number;
    expect(leaseUntil).toBeGreaterThan(story.world.clock.now());
    const sent: MutationSentEvent[] = [];
    a.on('mutationSent', (event) => sent.push(event));
    b.on('mutationSent', (event) => sent.push(event));
    // A lives (hung, its lock held): B waits however long, well past the lease, and never sends the row.
    const drained = b.outbox.drain();
    await story.world.settle(leaseUntil - story.world.clock.now() + 60_000);
    expect((await databaseOf(b).outbox.toArray())[0]).toMatchObject({ state: 'sending', claim: claimed?.claim });
    // A dies: B sends the row at its next look.
    aLocks.kill();
    const diedAt = story.world.clock.now();
    await story.world.clock.runUntil(drained);
    expect(story.world.clock.now() - diedAt).toBeLessThanOrEqual(2_000);
    expect(await databaseOf(b).outbox.count()).toBe(0);
    sending.release();
    await story.world.settle(100);
    expect(sent).toHaveLength(1);
    expect(story.truth().favorite).toBe(true);
  });
});
