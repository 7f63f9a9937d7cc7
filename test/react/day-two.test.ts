import { createElement, useState } from 'react';
import { act } from 'react-test-renderer';
import { describe, expect, it } from 'vitest';
import { usePages, useView } from '../../src/react/index.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { until } from '../query/view-helpers.js';
import { strictApp } from './strict-app.js';

/**
 * Day two of a React app (issue 35): the hooks' `keepPrevious`, a pages view that keeps its status while it pages
 * on, and an item that says "saving…" while its change waits. Strict Mode, as an app runs in development.
 */
const open = closedAfterEach();

const { render, text } = strictApp();

type Truth = { results: { id: number; name?: string }[] };

describe('catalogue-sync/react on day two', () => {
  it('keepPrevious: a new key shows the last key’s data marked, then its own unmarked; without it, nothing', async () => {
    const { catalogue, clock, service } = open();
    const ids = service.control
      .allSeries()
      .slice(7, 9)
      .map((series) => series.id as number);
    const names = ids.map((id) => service.control.allSeries().find((s) => s.id === id)?.name);
    let pick: (index: number) => void = () => {};
    const seen: string[] = [];
    function Preview() {
      const [index, setIndex] = useState(0);
      pick = setIndex;
      const kept = useView('tvSeriesDetails', { series_id: ids[index] as number }, { keepPrevious: true });
      const plain = useView('tvSeriesDetails', { series_id: ids[index] as number });
      const line = `${kept.data?.name ?? '-'}|${kept.placeholder ?? 'own'}|${plain.data?.name ?? '-'}`;
      seen.push(line);
      return createElement('p', null, line);
    }
    const errors = await render(catalogue, createElement(Preview));
    await act(async () => {
      await until(clock, catalogue.tvSeriesDetails({ series_id: ids[0] as number }), (s) => s.status === 'fresh');
    });
    expect(text()).toBe(`${names[0]}|own|${names[0]}`);
    seen.length = 0;
    await act(async () => {
      pick(1);
    });
    // The new key has nothing yet: the kept hook shows the last series, marked; the plain one shows nothing.
    expect(text()).toBe(`${names[0]}|previous|-`);
    await act(async () => {
      await until(clock, catalogue.tvSeriesDetails({ series_id: ids[1] as number }), (s) => s.status === 'fresh');
    });
    expect(text()).toBe(`${names[1]}|own|${names[1]}`);
    // Never the new key's name marked, never the old name unmarked after the switch.
    expect(seen.filter((line) => line.startsWith(`${names[1]}|previous`))).toEqual([]);
    expect(seen.filter((line) => line.startsWith(`${names[0]}|own`))).toEqual([]);
    // Back to a key with data: shown at once, unmarked.
    await act(async () => {
      pick(0);
    });
    expect(text()).toBe(`${names[0]}|own|${names[0]}`);
    expect(errors).toEqual([]);
  });

  it('usePages with keepPrevious keeps the last list’s rows while the new one loads, and never goes back to loading while paging on', async () => {
    const { catalogue, clock } = open();
    let pick: (window: 'day' | 'week') => void = () => {};
    let more: () => Promise<void> = async () => {};
    const seen: { status: string; rows: number; placeholder: string; pageCount: number; next: boolean }[] = [];
    function Trending() {
      const [window, setWindow] = useState<'day' | 'week'>('day');
      pick = setWindow;
      const pages = usePages('trendingTv', { time_window: window }, { keepPrevious: true });
      more = pages.fetchNextPage;
      const row = {
        status: pages.status,
        rows: pages.data?.results.length ?? 0,
        placeholder: pages.placeholder ?? 'own',
        pageCount: pages.pageCount,
        next: pages.fetchingNextPage,
      };
      seen.push(row);
      return createElement('p', null, `${row.status}:${row.rows}:${row.placeholder}`);
    }
    const errors = await render(catalogue, createElement(Trending));
    const day = catalogue.pages('trendingTv', { time_window: 'day' });
    await act(async () => {
      await until(clock, day, (s) => s.status === 'fresh' && !s.fetching);
    });
    const firstRows = seen.findIndex((row) => row.rows > 0);
    await act(async () => {
      const added = more();
      await until(clock, day, (s) => s.pageCount === 2 && !s.fetchingNextPage && !s.fetching);
      await added;
    });
    expect(text()).toMatch(/^fresh:(3[0-9]|40):own$/);
    // Once it had rows, the list never said `loading`, page 2 on its way included.
    expect(seen.slice(firstRows).filter((row) => row.status === 'loading')).toEqual([]);
    expect(seen.some((row) => row.next && row.status === 'fresh')).toBe(true);

    const before = seen.length;
    await act(async () => {
      pick('week');
    });
    expect(text()).toMatch(/^loading:(3[0-9]|40):previous$/);
    const week = catalogue.pages('trendingTv', { time_window: 'week' });
    await act(async () => {
      await until(clock, week, (s) => s.status === 'fresh' && !s.fetching);
    });
    expect(text()).toBe('fresh:20:own');
    // While the week's list loaded, the day's rows stayed on screen (never an empty list).
    expect(seen.slice(before).filter((row) => row.rows === 0)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('an item shows “saving…” while its change waits in the outbox, then not once it is sent', async () => {
    const world = open();
    const { catalogue, clock, connectivity, service } = world;
    await clock.runUntil(catalogue.setUser(service.control.createSession()));
    const series = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as Truth).results[0]
      ?.id as number;
    function Row() {
      const states = useView('tvAccountStates', { series_id: series });
      const list = useView('trendingTv', { time_window: 'day' });
      const saving = states.pending?.has(`tv:${series}`) ? 'saving' : 'saved';
      const inList = list.pending?.has(`tv:${series}`) ? 'saving' : 'saved';
      return createElement('p', null, `${states.data?.favorite ?? '-'}:${saving}:${inList}`);
    }
    const errors = await render(catalogue, createElement(Row));
    await act(async () => {
      await until(clock, catalogue.tvAccountStates({ series_id: series }), (s) => s.status === 'fresh');
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.status === 'fresh');
    });
    expect(text()).toBe('false:saved:saved');
    connectivity.setOnline(false);
    await act(async () => {
      await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
      // The optimistic write and the outbox's mark land apart: both are waited for.
      await until(
        clock,
        catalogue.tvAccountStates({ series_id: series }),
        (s) => s.pending !== undefined && s.data?.favorite === true,
      );
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.pending !== undefined);
      await world.settle();
    });
    expect(text()).toBe('true:saving:saving');
    await act(async () => {
      connectivity.setOnline(true);
      await clock.runUntil(catalogue.outbox.drain());
      await until(clock, catalogue.tvAccountStates({ series_id: series }), (s) => s.pending === undefined);
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.pending === undefined);
      await world.settle();
    });
    expect(service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(text()).toBe('true:saved:saved');
    expect(errors).toEqual([]);
  });
});
