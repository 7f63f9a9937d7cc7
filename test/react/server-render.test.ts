import { Component, createElement, type ReactNode, StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { act, create, type ReactTestRenderer } from 'react-test-renderer';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { isMemoryStorageError } from '../../src/errors/index.js';
import { CatalogueProvider, useSuspensePages, useSuspenseView } from '../../src/react/index.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { readmeSsrApp } from '../helpers/readme-ssr-app.js';
import { until } from '../query/view-helpers.js';

/**
 * A server has no IndexedDB and no window: this file loads no fake-indexeddb globally (vitest's node environment
 * has none; the fixture injects its factory per instance, and `indexedDB: undefined` takes it away), so a
 * catalogue opened without one is what `createCatalogue` gives on a server.
 */
type App = (props: { catalogue: Catalogue }) => ReactNode;
let App: App;
beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  ({ App } = (await import(readmeSsrApp('ssr-unit'))) as { App: App });
});

const open = closedAfterEach();
const FALLBACK = 'Loading trending series…';

/** A server's catalogue: the fixture's options with no IndexedDB, on a platform with none. */
function serverCatalogue() {
  expect((globalThis as { indexedDB?: unknown }).indexedDB).toBeUndefined();
  expect((globalThis as { window?: unknown }).window).toBeUndefined();
  // Not closed after the test: a memory catalogue has nothing to close (`close()` rejects with MemoryStorageError).
  const world = catalogueWorld();
  return { ...world, catalogue: world.open({ indexedDB: undefined }) };
}

describe('a server render (Node, no IndexedDB)', () => {
  it("renders the README example's loading markup: a memory catalogue, nothing fetched, no database", async () => {
    const { catalogue, fetched, indexedDB, settle } = serverCatalogue();
    const settleAll = () => settle(60_000);
    const html = renderToString(createElement(App, { catalogue }));
    expect(html).toContain(FALLBACK);
    expect(html).not.toContain('<li');
    expect(catalogue.status.storage).toBe('memory');
    await settleAll();
    expect(catalogue.status.storage).toBe('memory');
    expect(fetched).toEqual([]);
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('a renderer that waits for every boundary (static prerender) finishes with the fallback: no suspending forever', async () => {
    const { catalogue, fetched } = serverCatalogue();
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(createElement(App, { catalogue }), {
      onError: (error) => void errors.push(error),
    });
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toContain(FALLBACK);
    expect(html).not.toContain('<li');
    // What the fallback stands for: the memory catalogue's typed refusal, reported to the renderer.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every(isMemoryStorageError)).toBe(true);
    expect(fetched).toEqual([]);
  });

  it('useSuspensePages renders its fallback on a server too', () => {
    const { catalogue } = serverCatalogue();
    function People() {
      const { data } = useSuspensePages('popularPeople', {});
      return createElement(
        'ul',
        null,
        data?.results.map((p) => createElement('li', { key: p.id }, p.name)),
      );
    }
    const html = renderToString(
      createElement(
        CatalogueProvider,
        { catalogue },
        createElement(Suspense, { fallback: createElement('p', null, 'people…') }, createElement(People)),
      ),
    );
    expect(html).toContain('people…');
  });
});

describe('a memory catalogue (storage: memory, or a server)', () => {
  it('never throws at creation, keeps views loading, fetches nothing, and refuses every call with a typed error', async () => {
    // Asked for explicitly, with an IndexedDB there: memory still opens nothing.
    const world = catalogueWorld();
    const { fetched, indexedDB } = world;
    const catalogue = world.open({ storage: 'memory' });
    expect(catalogue.status.storage).toBe('memory');
    const view = catalogue.trendingTv({ time_window: 'day' });
    const pages = catalogue.pages('popularPeople', {});
    // Unsubscribed (a server render): loading, nothing fetching.
    expect(view.getSnapshot()).toMatchObject({ status: 'loading', fetching: false, data: undefined });
    const stop = [view.subscribe(() => {}), pages.subscribe(() => {})];
    await world.settle(60_000);
    // Subscribed (a browser asked for memory): still loading with nothing fetching: nothing is read or fetched.
    for (const snapshot of [view.getSnapshot(), pages.getSnapshot()]) {
      expect(snapshot).toMatchObject({ status: 'loading', fetching: false, data: undefined, error: undefined });
    }
    expect(catalogue.status.storage).toBe('memory');

    const refusals = [
      catalogue.read('trendingTv', { time_window: 'day' }),
      catalogue.account.markFavorite({ media_type: 'tv', media_id: 1, favorite: true }),
      catalogue.account.addToWatchlist({ media_type: 'tv', media_id: 1, watchlist: true }),
      catalogue.lists.removeItem({ list_id: 1, media_id: 2 } as never),
      catalogue.setUser({ kind: 'account', accountId: 1, sessionId: 's' } as never),
      catalogue.signOut(),
      catalogue.sync.pull('trendingTv', { time_window: 'day' }),
      catalogue.auth.createGuestSession(),
      catalogue.outbox.drain(),
      catalogue.configuration(),
      catalogue.storage(),
      catalogue.clear(),
      catalogue.close(),
    ];
    for (const refusal of await Promise.allSettled(refusals)) {
      expect(refusal.status).toBe('rejected');
      expect(isMemoryStorageError((refusal as PromiseRejectedResult).reason)).toBe(true);
    }
    for (const off of stop) off();
    expect(fetched).toEqual([]);
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('is not what a browser gets: with a window but no IndexedDB, createCatalogue fails loudly as before', () => {
    const world = catalogueWorld();
    vi.stubGlobal('window', {});
    try {
      expect(() => world.open({ indexedDB: undefined })).toThrow(/no IndexedDB here/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an IndexedDB catalogue says so on its status; an unknown storage is a TypeError', () => {
    const { catalogue, open: again } = open();
    expect(catalogue.status.storage).toBe('indexeddb');
    expect(() => again({ storage: 'disk' as never })).toThrow(TypeError);
  });
});

class Boundary extends Component<{ children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    return error === undefined ? this.props.children : createElement('p', null, `failed:${(error as Error).name}`);
  }
}

let renderer: ReactTestRenderer | undefined;
afterEach(async () => {
  await act(async () => renderer?.unmount());
  renderer = undefined;
  vi.restoreAllMocks();
});

async function renderApp(element: ReactNode) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await act(async () => {
    renderer = create(createElement(StrictMode, null, element));
  });
}
const shown = () => JSON.stringify(renderer?.toJSON());

describe('Suspense hooks in the browser (an IndexedDB catalogue)', () => {
  it('the README example shows its fallback, then the rows once fetched: one request', async () => {
    const { catalogue, clock, urls } = open();
    await renderApp(createElement(App, { catalogue }));
    expect(shown()).toContain(FALLBACK);
    await act(async () => {
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.status === 'fresh' && !s.fetching);
    });
    const first = catalogue.trendingTv({ time_window: 'day' }).getSnapshot().data?.results[0]?.name as string;
    expect(shown()).toContain(first);
    expect(shown()).not.toContain(FALLBACK);
    expect(urls.filter((url) => url.includes('/trending/tv/day'))).toHaveLength(1);
  });

  it("a view's error goes to the error boundary instead of suspending forever", async () => {
    const { catalogue, clock } = open({
      catalogue: {
        wrapFetch: (fetch) => async (input, init) =>
          String(input instanceof Request ? input.url : input).includes('/trending/')
            ? new Response(JSON.stringify({ status_code: 34, status_message: 'not found' }), { status: 404 })
            : fetch(input, init),
      },
    });
    await renderApp(createElement(Boundary, null, createElement(App, { catalogue })));
    await act(async () => {
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.error !== undefined);
    });
    expect(shown()).toContain('failed:ServiceError');
  });

  it('in a browser asked for memory, the Suspense hook throws MemoryStorageError to the error boundary: no endless wait', async () => {
    const world = catalogueWorld();
    const catalogue = world.open({ storage: 'memory' });
    await renderApp(createElement(Boundary, null, createElement(App, { catalogue })));
    expect(shown()).toContain('failed:MemoryStorageError');
    expect(world.fetched).toEqual([]);
  });

  it('offline with nothing stored, the boundary does not wait for the network: it shows no rows', async () => {
    const { catalogue, clock, connectivity, urls } = open();
    connectivity.setOnline(false);
    function Pages() {
      const { data, status } = useSuspensePages('popularPeople', {});
      return createElement('p', null, `${status}:${data?.results.length ?? 0}`);
    }
    await renderApp(
      createElement(
        CatalogueProvider,
        { catalogue },
        createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Pages)),
      ),
    );
    await act(async () => {
      await until(clock, catalogue.pages('popularPeople', {}), (s) => s.status !== 'loading');
    });
    expect(shown()).toContain('missing:0');
    expect(urls).toEqual([]);
    // Online again, the fetch that waited shows its rows.
    connectivity.setOnline(true);
    await act(async () => {
      await until(clock, catalogue.pages('popularPeople', {}), (s) => s.status === 'fresh' && !s.fetching);
    });
    expect(shown()).not.toContain('missing:0');
  });

  it('useSuspenseView gives the snapshot once data is there, then follows the view', async () => {
    const { catalogue, clock } = open();
    function Details() {
      const { data, status } = useSuspenseView('trendingTv', { time_window: 'week' });
      return createElement('p', null, `${status}:${data?.results.length}`);
    }
    await renderApp(
      createElement(
        CatalogueProvider,
        { catalogue },
        createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(Details)),
      ),
    );
    expect(shown()).toContain('waiting');
    await act(async () => {
      await until(clock, catalogue.trendingTv({ time_window: 'week' }), (s) => s.status === 'fresh' && !s.fetching);
    });
    expect(shown()).toMatch(/fresh:\d+/);
  });
});
