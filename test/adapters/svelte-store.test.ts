import { get, readable } from 'svelte/store';
import { describe, expect, it } from 'vitest';
import { snapshotStore } from '../../src/svelte/index.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

const open = closedAfterEach();

describe('catalogue-sync/svelte', () => {
  it('a store made before the data came, subscribed after, shows the current snapshot at once', async () => {
    const { catalogue, clock } = open();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const store = snapshotStore(view);
    // The README's old one-liner, made at the same moment: it keeps the snapshot of its creation.
    const oneLiner = readable(view.getSnapshot(), (set) => view.subscribe(() => set(view.getSnapshot())));
    const keep = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    keep.stop();

    const seen: unknown[] = [];
    const stop = store.subscribe((snapshot) => seen.push(snapshot));
    expect(seen.at(-1)).toBe(view.getSnapshot());
    expect(seen.at(-1)).toMatchObject({ status: 'fresh', data: fresh.data });
    expect(get(store)).toBe(view.getSnapshot());
    expect(get(oneLiner).status).toBe('loading');
    stop();
  });

  it('follows every change while subscribed, and lets the view go when the last subscriber leaves', async () => {
    const { catalogue, clock } = open();
    const view = catalogue.pages('discoverTv', { sort_by: 'popularity.desc' });
    const store = snapshotStore(view);
    const seen: { pageCount: number; page: number | undefined }[] = [];
    const stop = store.subscribe((s) => seen.push({ pageCount: s.pageCount, page: s.data?.page }));
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    await view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 2 && !s.fetching);
    expect(seen.at(-1)).toEqual({ pageCount: 2, page: 2 });
    stop();
    const before = seen.length;
    await view.refresh();
    expect(seen).toHaveLength(before);
  });
});
