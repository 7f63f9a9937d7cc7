/**
 * The demo PWA: a catalogue on this origin's IndexedDB, screens rendered from live views, a first sync with a
 * progress bar, and a module service worker (the library's offline shell) that serves the shell and images from
 * its caches first, refreshes in the background, and installs a new build in the background for the page to offer.
 */
// First: zod must be jitless before the library builds its schemas (the bare import below keeps it first).
import { ZOD_JITLESS } from './app/zod-jitless.js';
import './styles.css';
import { type Catalogue, createCatalogue } from '../src/index.js';
import { DEMO_RATE_LIMIT } from './app/config.js';
import type { DemoContext, Screen } from './app/context.js';
import { restoreDemoUser } from './app/demo-user.js';
import { devtoolsToggle, loadDevtools } from './app/devtools-toggle.js';
import { h, replace } from './app/dom.js';
import { expectFirstPictures, firstPictures } from './app/first-pictures.js';
import { createImages } from './app/images.js';
import { newsBadge } from './app/news-badge.js';
import { notFoundParts } from './app/not-found.js';
import { onNewsSeen, preloadScreens, type Route, routeOf } from './app/router.js';
import { screenNotice } from './app/screen-notice.js';
import { searchBox } from './app/search-box.js';
import { currentSettings } from './app/service-settings.js';
import { syncBar } from './app/sync-bar.js';
import { updatePrompt } from './app/update-prompt.js';
import { registerWorkerWithRetry } from './app/worker-registration.js';

type Configuration = Awaited<ReturnType<Catalogue['configuration']>>;

if (!ZOD_JITLESS) throw new Error('zod must run jitless under the page’s Content-Security-Policy');

const settings = currentSettings();
expectFirstPictures(location.hash);
const catalogue = createCatalogue({
  baseUrl: settings.baseUrl,
  accessToken: settings.accessToken,
  dbName: settings.dbName,
  rateLimit: DEMO_RATE_LIMIT,
  // A first visit's pictures before the rest of the library: on a slow link they would share it.
  loadRestAfter: firstPictures,
});

const NAV: readonly (readonly [NonNullable<Route['section']>, string, string])[] = [
  ['trending', '#/trending/day', 'Trending'],
  ['airing', '#/airing', 'Airing today'],
  ['discover', '#/discover', 'Discover'],
  ['people', '#/people', 'People'],
  ['news', '#/news', "What's new"],
  ['list', '#/list', 'My list'],
  ['settings', '#/settings', 'Settings'],
];

const main = h('main', { id: 'main', tabindex: -1 });
const notice = screenNotice(main);
/** The header's Retry: the screen's views again, and the first sync's lists that failed. */
const retryAll = () => {
  void notice.retry();
  void warmUp();
};
const bar = syncBar(catalogue, retryAll);
// A module worker (it is built as an ES module): without `type: 'module'` it would fail to start. Registered once
// the visit's first screen is up (`start`).
let worker: ReturnType<typeof registerWorkerWithRetry>;
/**
 * The header's search: on the results screen a new query replaces the entry (the back button leaves search rather
 * than stepping through every pause in the typing); from another screen it is a new entry.
 */
const search = searchBox((hash) => {
  if (hash === location.hash) return;
  if (location.hash.startsWith('#/search')) {
    history.replaceState(null, '', hash);
    void render(false);
  } else location.hash = hash;
});
const navLinks = NAV.map(([section, href, label]) => h('a', { href, 'data-section': section }, label));
const nav = h('nav', { class: 'mainnav', 'aria-label': 'Screens' }, navLinks);
const news = newsBadge(
  catalogue,
  navLinks.find((link) => link.dataset.section === 'news'),
);
onNewsSeen(() => void news.recount());
/** Scrolled to its end, the tabs lose the fading edge that says there are more: it would cover the last one. */
const markNavEnd = () => nav.classList.toggle('at-end', nav.scrollLeft + nav.clientWidth >= nav.scrollWidth - 1);
nav.addEventListener('scroll', markNavEnd, { passive: true });
/** The selected tab brought into view (or the fading edge updated when no tab is selected). */
function showSelectedTab(): void {
  const selected = navLinks.find((link) => link.getAttribute('aria-current') === 'page');
  if (selected) showTab(selected);
  else markNavEnd();
}
// The row's room changes (a resize, the search box widening while used): the selected tab is brought back in view.
new ResizeObserver(showSelectedTab).observe(nav);
let tabFrame = 0;
/**
 * After a render, at the next frame: measured there, the tabs are laid out once, with the frame's own layout.
 * Measured right after the screen's DOM changed, the whole page would be laid out inside the render's task too.
 */
function showSelectedTabSoon(): void {
  cancelAnimationFrame(tabFrame);
  tabFrame = requestAnimationFrame(showSelectedTab);
}
const storageNote = h('span', {});
/** Where the offline copy's state line goes once the worker's registration starts. */
const shellSlot = h('span', { hidden: true });
const update = updatePrompt();
// Another tab of a newer release upgraded the database: this page stopped and offers the reload.
update.fence(catalogue, () => location.reload());
/** The page: header, screen and footer, in the element the page's HTML leaves for them. */
function mountPage(): void {
  replace(
    document.getElementById('app') as HTMLElement,
    h(
      'header',
      { class: 'topbar' },
      h(
        'a',
        { class: 'brand', href: '#/' },
        h('img', { src: '/icon.svg', alt: '', width: 28, height: 28 }),
        h('span', { class: 'brand-name' }, 'Catalogue'),
      ),
      nav,
      search.element,
      shellSlot,
      bar.element,
    ),
    main,
    // The toggle first: the panel floats over the bottom right corner, where it would cover a button placed last.
    h(
      'footer',
      { class: 'footer' },
      devtoolsToggle(catalogue),
      'Offline-first, built on catalogue-sync · ',
      storageNote,
    ),
    update.element,
  );
}

/** Keeps the tab's title on the screen's heading, which a detail screen fills in with a name when it arrives. */
let titleWatch: MutationObserver | undefined;
function followHeading(fallback: string): void {
  titleWatch?.disconnect();
  const heading = main.querySelector('#screen-title');
  const show = () => {
    document.title = `${heading?.textContent?.trim() || fallback} · Catalogue`;
  };
  show();
  if (!heading) return;
  titleWatch = new MutationObserver(show);
  titleWatch.observe(heading, { childList: true, characterData: true, subtree: true });
}

let context: DemoContext = { catalogue, images: createImages(undefined), online: () => navigator.onLine };
let current: Screen | undefined;

/** On a phone the tabs scroll sideways: bring the current one into view (only the nav scrolls, not the page). */
function showTab(link: HTMLElement): void {
  if (nav.scrollWidth > nav.clientWidth) {
    const navBox = nav.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    nav.scrollLeft += linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2;
  }
  markNavEnd();
}

/** A screen whose chunk could not be fetched (offline before the visit had it): said so, with the way back. */
const unavailable: Route = {
  section: undefined,
  open: () => ({
    title: 'Screen unavailable',
    element: h(
      'section',
      { class: 'screen' },
      h('h1', { id: 'screen-title' }, 'Screen unavailable'),
      notFoundParts('This screen is not saved on this device yet: try again once online.'),
    ),
    dispose() {},
  }),
};

/** Counts renders: a screen whose chunk arrives after a newer render is not shown. */
let renders = 0;

async function render(moveFocus: boolean): Promise<void> {
  let route = routeOf(location.hash);
  const turn = ++renders;
  if (route.ready) {
    // The screen's chunk is on its way: the current screen stays until it is there.
    const arrived = await route.ready.then(
      () => true,
      () => false,
    );
    if (turn !== renders) return;
    if (!arrived) route = unavailable;
  }
  current?.dispose();
  current = route.open(context);
  search.show(route.query ?? '');
  notice.reset();
  replace(main, current.element);
  // The screen's one message goes under its heading.
  const header = current.element.querySelector('header');
  if (header) header.after(notice.element);
  else current.element.prepend(notice.element);
  followHeading(current.title);
  for (const link of navLinks) {
    if (link.dataset.section === route.section) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  showSelectedTabSoon();
  // Keyboard and screen-reader users land on the new screen, not on the link they left.
  if (moveFocus) main.focus({ preventScroll: true });
  window.scrollTo(0, 0);
}

/**
 * Image sizes come from the configuration, through a live view: on a return visit its first answer is there before
 * the library has loaded, then the library keeps it fresh. Offline on a first visit the page shows placeholders.
 */
const configurationView = catalogue.view('configuration');
let imagesFrom: Configuration | undefined;

/** Images over `configuration` when it is another than the shown one's; true when they changed. */
function imagesFor(configuration: Configuration | undefined): boolean {
  if (!configuration || configuration === imagesFrom) return false;
  const same = imagesFrom !== undefined && JSON.stringify(imagesFrom.images) === JSON.stringify(configuration.images);
  imagesFrom = configuration;
  if (same) return false;
  context = { ...context, images: createImages(configuration) };
  return true;
}

/** Waits for the configuration up to 3 s (a first visit offline has none; the page then shows placeholders). */
function configurationShown(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, 3_000);
    const stop = configurationView.subscribe(() => {
      if (configurationView.getSnapshot().data) finish();
    });
    if (configurationView.getSnapshot().data) finish();
    function finish() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
}

/** Screens of public data only: shown at once, from what the last visit kept, before the library has loaded. */
function showsPublicData(hash: string): boolean {
  const [first] = hash.replace(/^#\/?/, '').split(/[/?]/);
  return ['', 'trending', 'airing', 'discover', 'people', 'movie', 'person', 'search'].includes(first ?? '');
}

/** The first visit's sync: what the screens show, and enough series for discover to work offline. */
async function warmUp(): Promise<void> {
  const { sync } = catalogue;
  await Promise.allSettled([
    sync.ensureFresh('trendingTv', { time_window: 'day' }),
    sync.ensureFresh('trendingTv', { time_window: 'week' }),
    sync.ensureFresh('trendingMovies', { time_window: 'day' }),
    sync.ensureFresh('trendingMovies', { time_window: 'week' }),
    sync.ensureFresh('airingToday'),
    sync.pullList('popularPeople', undefined, { pages: 2 }),
    sync.pullList('discoverTv', { sort_by: 'popularity.desc' }, { pages: 5 }),
  ]);
}

/**
 * Set once the page is being left (a reload, a link): a new worker version can take over during that navigation
 * (the page was its only client), and a reload of our own then would cancel the browser's (`ERR_ABORTED`) and
 * load the page twice.
 */
let leaving = false;
window.addEventListener('beforeunload', () => {
  leaving = true;
});
// Back from the back-forward cache, the page is in use again.
window.addEventListener('pageshow', () => {
  leaving = false;
});

async function registerWorker(): Promise<void> {
  // The worker helpers are a chunk of their own: the worker is registered after the first screen.
  const [registered, { registerBackgroundRefresh, watchWorkerUpdates }] = await Promise.all([
    worker.ready,
    import('../src/sw/index.js'),
  ]);
  update.watch(
    watchWorkerUpdates(registered, {
      reload: () => {
        if (!leaving) location.reload();
      },
    }),
  );
  const registration = await navigator.serviceWorker.ready;
  // The worker refreshes the embedded fake's database; another service's token stays in this tab.
  if (settings.isFake) await registerBackgroundRefresh(registration, { minInterval: 3_600_000 });
}

async function askPersistence(): Promise<void> {
  const persisted = (await navigator.storage?.persist?.().catch(() => false)) ?? false;
  replace(storageNote, persisted ? 'storage kept by the browser' : 'storage may be cleared by the browser');
}

/**
 * "Skip to content" moves the focus to the screen without touching the hash: the router would take `#main` for a
 * route (and show "Page not found").
 */
function wireSkipLink(): void {
  document.querySelector('.skip-link')?.addEventListener('click', (event) => {
    event.preventDefault();
    main.focus();
  });
}

async function start(): Promise<void> {
  mountPage();
  wireSkipLink();
  // Kept subscribed: the configuration stays fresh, and images follow it when it arrives or changes.
  configurationView.subscribe(() => {
    if (imagesFor(configurationView.getSnapshot().data) && current) void render(false);
  });
  const early = showsPublicData(location.hash);
  // A screen in a chunk of its own (a deep link) comes when its chunk does; the visit's sync does not wait for it.
  const shown = early ? render(false) : undefined;
  // The visit's sync starts with the screen's own reads, so the status line counts them as one batch.
  const synced = navigator.onLine ? warmUp() : Promise.resolve();
  await Promise.all([
    configurationShown(),
    settings.isFake ? restoreDemoUser(catalogue).catch(() => undefined) : undefined,
  ]);
  await shown;
  const changed = imagesFor(configurationView.getSnapshot().data);
  if (!early || changed) await render(false);
  // Typing in the search box opens the results: the focus stays in the box.
  window.addEventListener('hashchange', () => void render(document.activeElement !== search.input));
  document.body.dataset.ready = 'true';
  void askPersistence();
  worker = registerWorkerWithRetry('/sw.js', { type: 'module', scope: '/' });
  shellSlot.replaceWith(worker.element);
  void registerWorker().catch(() => replace(storageNote, 'background refresh unavailable'));
  await synced;
  bar.settled();
  // After first content and the visit's sync: what's new is never on the path to a screen's rows.
  news.start();
  // Fetched now, so the other screens and the panel open at once (and offline) when asked for.
  await Promise.all([preloadScreens(), loadDevtools().catch(() => {})]);
  // A hook for people and tests: the first sync of this visit has settled (and every screen is loaded).
  document.body.dataset.synced = 'true';
}

// The script is async (it runs in a task of its own, not in the parser's last one): the page it fills is there
// once the document has been parsed.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
else void start();
