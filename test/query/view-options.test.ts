import { describe, expect, it } from 'vitest';
import { keepPrevious } from '../../src/index.js';
import { observableSymbol } from '../../src/query/observable.js';
import type { View } from '../../src/query/view.js';
import { DISABLED_SNAPSHOT } from '../../src/react/view-options.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, settle, until } from './view-helpers.js';

const open = closedAfterEach();

type Truth = { results: { id: number }[] };
type AnyView = View<ViewSnapshot<unknown>>;

describe('plain view options: enabled', () => {
  it('{ enabled: false } validates, reads, fetches and throws nothing, on view, pages and the named helpers alike', async () => {
    const { catalogue, clock, service } = open();
    // Parameters that would throw `InvalidParamsError`, and an operation that does not exist: nothing is checked.
    const disabled: AnyView[] = [
      catalogue.view('tvSeriesDetails', { series_id: 0 }, { enabled: false }),
      catalogue.view('nope' as 'trendingTv', { time_window: 'day' }, { enabled: false }),
      catalogue.tvSeriesDetails({ series_id: -1 }, { enabled: false }),
      catalogue.trendingTv({ time_window: 'year' as 'day' }, { enabled: false }),
      catalogue.pages('accountTvWatchlist', { account_id: 'x' as never }, { enabled: false }),
    ];
    const emitted: unknown[] = [];
    const recs = disabled.map((view) => record(view));
    for (const view of disabled) view[observableSymbol]().subscribe({ next: (s) => emitted.push(s) });
    await settle(clock, 20);
    await clock.advance(60_000);
    for (const [i, view] of disabled.entries()) {
      const snapshot = view.getSnapshot();
      expect(snapshot, `view ${i}`).toMatchObject({ status: 'loading', disabled: true, error: undefined });
      expect(snapshot.data).toBeUndefined();
      expect(snapshot.fetching).toBe(false);
      // The same snapshot as a disabled hook's: one object.
      if (i < 4) expect(snapshot).toBe(DISABLED_SNAPSHOT);
      expect(recs[i]?.emissions).toBe(0);
    }
    // Observable interop emits the one current snapshot and nothing after.
    expect(emitted).toHaveLength(disabled.length);
    await expect((disabled[0] as ReturnType<typeof catalogue.tvSeriesDetails>).refresh()).resolves.toBeUndefined();
    const pages = disabled[4] as ReturnType<typeof catalogue.pages<'accountTvWatchlist'>>;
    expect(pages.hasNextPage).toBe(false);
    await pages.fetchNextPage();
    expect(pages.getSnapshot()).toMatchObject({ pageCount: 0, hasNextPage: false, disabled: true });
    expect(service.log.count()).toBe(0);
    for (const rec of recs) rec.stop();
  });

  it('{ enabled: true } (and no options) give the key’s one shared view', async () => {
    const { catalogue, clock, service } = open();
    const plain = catalogue.trendingTv({ time_window: 'day' });
    expect(catalogue.trendingTv({ time_window: 'day' }, { enabled: true })).toBe(plain);
    expect(catalogue.view('trendingTv', { time_window: 'day' }, {})).toBe(plain);
    expect(catalogue.pages('trendingTv', { time_window: 'day' }, { enabled: true })).toBe(
      catalogue.pages('trendingTv', { time_window: 'day' }),
    );
    const rec = record(plain);
    await until(clock, plain, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'trendingTv' })).toBe(1);
    rec.stop();
  });

  it('a user view signed out shows the one DISABLED_SNAPSHOT too', async () => {
    const { catalogue, clock, service } = open();
    const series_id = service.control.allSeries()[3]?.id as number;
    const view = catalogue.tvAccountStates({ series_id });
    const rec = record(view);
    const disabled = await until(clock, view, (s) => s.disabled === true);
    expect(disabled).toBe(DISABLED_SNAPSHOT);
    rec.stop();
  });
});

describe('keepPrevious(view, earlier)', () => {
  it('shows the earlier view’s data marked until the new key has its own, then never again', async () => {
    const { catalogue, clock, service } = open();
    const day = catalogue.trendingTv({ time_window: 'day' });
    const dayRec = record(day);
    const dayData = (await until(clock, day, (s) => s.status === 'fresh' && !s.fetching)).data;
    dayRec.stop();
    const week = keepPrevious(catalogue.trendingTv({ time_window: 'week' }), day);
    const first = week.getSnapshot();
    expect(first).toMatchObject({ placeholder: 'previous', status: 'loading' });
    expect(first.data).toBe(dayData);
    // Stable while nothing changes (a React store must be).
    expect(week.getSnapshot()).toBe(first);
    expect(week.requestKey).toBe(catalogue.trendingTv({ time_window: 'week' }).requestKey);
    const rec = record(week);
    const own = await until(clock, week, (s) => s.status === 'fresh' && !s.fetching);
    expect(own.placeholder).toBeUndefined();
    expect(own.data).toEqual(service.control.groundTruth('trendingTv', { time_window: 'week', language: 'en-US' }));
    // Every snapshot before its own data is the placeholder; none after it.
    const firstOwn = rec.snapshots.findIndex((s) => s.placeholder === undefined);
    expect(firstOwn).toBeGreaterThan(0);
    for (const s of rec.snapshots.slice(0, firstOwn))
      expect(s).toMatchObject({ data: dayData, placeholder: 'previous' });
    for (const s of rec.snapshots.slice(firstOwn)) expect(s.data).not.toBe(dayData);
    // Revalidating the new key (fetching again, with its own data) brings no placeholder back.
    await week.refresh();
    await settle(clock, 20);
    expect(rec.snapshots.slice(firstOwn).every((s) => s.placeholder === undefined)).toBe(true);
    rec.stop();
  });

  it('keeps nothing from an earlier view with no data, and gives way to the new key’s error', async () => {
    const { catalogue, clock, service } = open();
    const series = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as Truth).results[0]?.id;
    const unread = catalogue.tvSeriesDetails({ series_id: series as number });
    const other = keepPrevious(catalogue.tvSeriesDetails({ series_id: 1399 }), unread);
    expect(other).toBe(catalogue.tvSeriesDetails({ series_id: 1399 }));
    // Same view as its own previous: nothing to hold.
    expect(keepPrevious(other, other)).toBe(other);

    const known = catalogue.tvSeriesDetails({ series_id: series as number });
    const knownRec = record(known);
    const knownData = (await until(clock, known, (s) => s.status === 'fresh' && !s.fetching)).data;
    knownRec.stop();
    const missing = keepPrevious(catalogue.tvSeriesDetails({ series_id: 987_654_321 }), known);
    expect(missing.getSnapshot().data).toBe(knownData);
    const rec = record(missing);
    const failed = await until(clock, missing, (s) => s.error !== undefined && !s.fetching);
    // Another key's data is never shown beside this key's error.
    expect(failed.data).toBeUndefined();
    expect(failed.placeholder).toBeUndefined();
    expect(failed.error).toMatchObject({ status: 404 });
    rec.stop();
  });

  it('works for pages: the previous list’s rows marked, and the new list’s own methods', async () => {
    const { catalogue, clock, service } = open();
    const day = catalogue.pages('trendingTv', { time_window: 'day' });
    const dayRec = record(day);
    const dayData = (await until(clock, day, (s) => s.status === 'fresh' && !s.fetching)).data;
    dayRec.stop();
    const week = keepPrevious(catalogue.pages('trendingTv', { time_window: 'week' }), day);
    expect(week.getSnapshot()).toMatchObject({ placeholder: 'previous', data: dayData });
    const rec = record(week);
    await until(clock, week, (s) => s.status === 'fresh' && !s.fetching);
    expect(week.hasNextPage).toBe(true);
    // The proxy calls the list's own method: page 2 of the week's list is fetched and shown.
    await week.fetchNextPage();
    const two = await until(clock, week, (s) => s.pageCount === 2 && !s.fetchingNextPage && !s.fetching);
    expect(two.placeholder).toBeUndefined();
    expect(two.data?.page).toBe(2);
    expect(service.log.count({ operation: 'trendingTv' })).toBe(3);
    rec.stop();
  });
});
