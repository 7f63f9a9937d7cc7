/**
 * The page of the README's worker recipe, driven by `worker-recipe.e2e.ts` through `window.recipe`. It is built
 * with the README's own `catalogue-options.ts` and `sw.ts` (extracted by the test into a temporary folder): it
 * opens its catalogue from that module as the README's page block does, and registers `/sw.js` as a module
 * worker.
 */

// @ts-expect-error: the README's module, extracted by the test and aliased for the build; it has no file here
import { catalogueOptions } from 'recipe:catalogue-options';
import { type Catalogue, createCatalogue, imageUrl } from '../../../src/index.js';
import {
  type BackgroundRefreshRegistration,
  type BackgroundRun,
  registerBackgroundRefresh,
} from '../../../src/sw/index.js';

export interface RecipePageApi {
  /** Opens the catalogue and stores the configuration and trending list a screen of posters needs. */
  open(): Promise<void>;
  /** Registers `/sw.js` (`type: 'module'`) and waits until it controls this page. */
  registerWorker(): Promise<string>;
  refreshNow(): Promise<BackgroundRun>;
  /** Shows `count` posters of the stored trending list, resolving once each has loaded; their URLs. */
  showPosters(count: number): Promise<string[]>;
  /** The URLs the worker's image cache holds. */
  cachedImages(): Promise<string[]>;
  /** The names of this origin's IndexedDB databases. */
  databases(): Promise<string[]>;
  signIn(credentials: { account_id: number; session_id: string }): Promise<void>;
  /** Tracks every episode of a series (its seasons stored): the change feeds keep them fresh. */
  track(seriesId: number): Promise<number>;
  /** Marks a series a favorite; the change waits in the outbox while offline. */
  favorite(seriesId: number): Promise<number>;
  /** How many changes of the signed-in user wait in the outbox. */
  pending(): Promise<number>;
  /** The stored name of an episode, from its season as stored. */
  episodeName(place: { series_id: number; season_number: number; episode_number: number }): Promise<string | undefined>;
  /** Closes the page's catalogue: from then on only the worker sends or fetches anything. */
  close(): Promise<void>;
}

declare global {
  interface Window {
    recipe: RecipePageApi;
  }
}

let catalogue: Catalogue | undefined;
let background: BackgroundRefreshRegistration | undefined;
const DAY = { time_window: 'day' } as const;

function opened(): Catalogue {
  if (!catalogue) throw new Error('recipe.open() first');
  return catalogue;
}

window.recipe = {
  async open() {
    catalogue = createCatalogue(catalogueOptions);
    await catalogue.sync.pull('configuration', {});
    await catalogue.sync.pull('trendingTv', DAY);
  },
  async registerWorker() {
    const registration = await navigator.serviceWorker.register('/sw.js', { type: 'module' });
    background = await registerBackgroundRefresh(await navigator.serviceWorker.ready, { minInterval: 3_600_000 });
    // The shell claims the open pages on activation: from then on the worker sees this page's image requests.
    while (!navigator.serviceWorker.controller || registration.active?.state !== 'activated') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return registration.active?.state ?? 'none';
  },
  refreshNow() {
    if (!background) throw new Error('recipe.registerWorker() first');
    return background.refreshNow();
  },
  async showPosters(count) {
    const configuration = await opened().read('configuration', {});
    const trending = await opened().read('trendingTv', DAY);
    if (!configuration || !trending) throw new Error('nothing stored to show');
    const urls = trending.results
      .map((series) => imageUrl(configuration, series.poster_path, 'poster', 'w92'))
      .filter((url): url is string => url !== undefined)
      .slice(0, count);
    const main = document.querySelector('#posters');
    await Promise.all(
      urls.map(
        (url) =>
          new Promise<void>((resolve, reject) => {
            const img = document.createElement('img');
            img.addEventListener('load', () => resolve());
            img.addEventListener('error', () => reject(new Error(`poster failed: ${url}`)));
            img.src = url;
            main?.append(img);
          }),
      ),
    );
    return urls;
  },
  async cachedImages() {
    const cache = await caches.open('catalogue-sync-images');
    return (await cache.keys()).map((request) => request.url);
  },
  async databases() {
    return (await indexedDB.databases()).flatMap((db) => (db.name === undefined ? [] : [db.name]));
  },
  signIn: (credentials) => opened().setUser(credentials),
  async track(seriesId) {
    return (await opened().track.series(seriesId)).episodes;
  },
  async favorite(seriesId) {
    await opened().account.markFavorite({ media_type: 'tv', media_id: seriesId, favorite: true });
    return window.recipe.pending();
  },
  async pending() {
    const outbox = opened().outbox;
    // A view reads the store while it has a subscriber.
    const stop = outbox.subscribe(() => {});
    try {
      while (outbox.getSnapshot().status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
      return outbox.getSnapshot().pending;
    } finally {
      stop();
    }
  },
  async episodeName({ series_id, season_number, episode_number }) {
    const season = await opened().read('seasonDetails', { series_id, season_number });
    return season?.episodes.find((episode) => episode.episode_number === episode_number)?.name;
  },
  async close() {
    await opened().close();
    catalogue = undefined;
  },
};
