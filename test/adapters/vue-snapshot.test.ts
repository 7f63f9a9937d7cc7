import { describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { useSnapshot } from '../../src/vue/index.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

const open = closedAfterEach();

describe('catalogue-sync/vue', () => {
  it('a ref made after the data came holds the current snapshot at once, then every change', async () => {
    const { catalogue, clock } = open();
    const view = catalogue.pages('discoverTv', { sort_by: 'popularity.desc' });
    const keep = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);

    const scope = effectScope();
    const snapshot = scope.run(() => useSnapshot(view));
    expect(snapshot?.value).toBe(view.getSnapshot());
    expect(snapshot?.value.status).toBe('fresh');

    await view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 2 && !s.fetching);
    expect(snapshot?.value).toBe(view.getSnapshot());
    expect(snapshot?.value.data?.page).toBe(2);

    // Once the scope ends, the ref no longer follows the view.
    scope.stop();
    const last = snapshot?.value;
    await view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 3 && !s.fetching);
    expect(snapshot?.value).toBe(last);
    keep.stop();
  });

  it('outside setup() or an effect scope it throws rather than subscribe for ever', () => {
    const { catalogue } = open();
    expect(() => useSnapshot(catalogue.trendingTv({ time_window: 'week' }))).toThrow(TypeError);
  });
});
