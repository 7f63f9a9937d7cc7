/**
 * The demo user's list and the pending-changes panel: a removal is applied at once (optimistic, in IndexedDB)
 * and waits in the outbox while offline; it is sent once when the network is back.
 */
import type { ListItem } from '../../../src/index.js';
import { accountPanel } from '../account-panel.js';
import { grid, seriesCard } from '../cards.js';
import type { DemoContext, Screen } from '../context.js';
import { demoUserOf, SignInNeedsConnectionError, signInDemoUser } from '../demo-user.js';
import { h, keepFocus, replace, year } from '../dom.js';
import { currentSettings } from '../service-settings.js';
import { viewPanel } from '../view-panel.js';
import { outboxPanel } from './outbox.js';

export function myListScreen(ctx: DemoContext): Screen {
  const body = h('div', { class: 'panel' });
  // Focusable from script: where the focus goes when the control that had it goes away (sign in, a last removal).
  const heading = h('h1', { id: 'screen-title', tabindex: -1 }, 'My list');
  // The sign-in button or a removed row's Remove had the focus: it goes to what replaces them, else the heading.
  const draw = (...nodes: Node[]) =>
    keepFocus(
      body,
      () => replace(body, ...nodes),
      () => heading,
    );
  const outbox = outboxPanel(ctx);
  const account = accountPanel(ctx, { hideSignedOut: true });
  const watchlist = h('div', {});
  let stop: (() => void) | undefined;
  let stopWatchlist: (() => void) | undefined;
  const clear = () => {
    stop?.();
    stopWatchlist?.();
    stop = undefined;
    stopWatchlist = undefined;
    replace(watchlist);
  };
  const show = () => {
    if (!currentSettings().isFake) {
      replace(
        body,
        h(
          'div',
          { class: 'state empty' },
          h('strong', {}, 'The demo user lives on the embedded fake service'),
          h('p', {}, 'Switch back to it under Settings to edit a list.'),
        ),
      );
      return;
    }
    // A signed-in reload reads its session back first: not a sign-in prompt for its first moments.
    if (ctx.catalogue.user.getSnapshot().status === 'restoring') {
      draw(h('p', { 'aria-busy': 'true' }, 'Restoring your session…'));
      return;
    }
    const user = demoUserOf(ctx.catalogue);
    if (user?.list_id === undefined) {
      draw(...signInPrompt(ctx, user !== undefined));
      return;
    }
    const listId = user.list_id;
    // The list as stored, with pending removals applied: a removal shows at once, online or not.
    const list = ctx.catalogue.listDetails({ list_id: listId });
    const drawStored = () => {
      const { data } = list.getSnapshot();
      // Not stored yet (just signed in, the list is on its way): reading, not empty.
      if (!data) draw(h('p', { 'aria-busy': 'true' }, 'Reading your list…'));
      else drawList(ctx, draw, listId, data.items);
    };
    stop = list.subscribe(drawStored);
    drawStored();
    const shown = watchlistPanel(ctx, user.account_id);
    replace(watchlist, shown.element);
    stopWatchlist = shown.dispose;
  };
  // Signed in here, restored, or signed out in another tab: the screen follows the library's user.
  let shownUser = ctx.catalogue.user.getSnapshot();
  const stopUser = ctx.catalogue.user.subscribe(() => {
    const now = ctx.catalogue.user.getSnapshot();
    if (now === shownUser) return;
    shownUser = now;
    clear();
    show();
  });
  show();
  return {
    title: 'My list',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, heading),
      body,
      watchlist,
      h('h2', {}, 'Pending changes'),
      outbox.element,
      account.element,
    ),
    dispose() {
      stopUser();
      clear();
      outbox.dispose();
      account.dispose();
    },
  };
}

/** Not signed in (or this browser lost the list it made): one button makes the demo user and signs in. */
function signInPrompt(ctx: DemoContext, signedIn: boolean): Node[] {
  const button = h('button', { class: 'button', type: 'button', id: 'sign-in' }, 'Sign in as the demo user');
  const message = h('p', { class: 'sign-in-message', role: 'status' });
  button.addEventListener('click', () => {
    // Not `disabled`, which would drop the focus: the list that replaces the button passes it to the heading.
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    replace(message, 'Signing in…');
    // Success needs nothing here: the screen follows the library's user and redraws itself.
    signInDemoUser(ctx.catalogue).then(
      () => replace(message),
      (error: unknown) => {
        button.removeAttribute('aria-disabled');
        replace(message, signInFailure(error));
      },
    );
  });
  const [title, detail] = signedIn
    ? ['Your demo list is not on this browser', 'Sign in again to make a new demo user with a list to edit.']
    : ['Not signed in', 'The demo user has a list of movies to edit.'];
  return [h('div', { class: 'state empty' }, h('strong', {}, title), h('p', {}, detail)), button, message];
}

function signInFailure(error: unknown): string {
  if (error instanceof SignInNeedsConnectionError)
    return 'Signing in needs a connection. Try again when you’re online.';
  return 'Couldn’t sign in. Try again in a moment.';
}

/** A removal redraws the list: the focus goes to the next row's Remove (or the last one's), else the heading. */
function drawList(ctx: DemoContext, draw: (...nodes: Node[]) => void, listId: number, movies: readonly ListItem[]) {
  draw(...listContent(ctx, listId, movies));
}

function listContent(ctx: DemoContext, listId: number, movies: readonly ListItem[]): HTMLElement[] {
  const ids = movies.map((movie) => movie.id);
  if (ids.length === 0) {
    return [
      h('div', { class: 'state empty' }, h('strong', {}, 'Your list is empty'), h('p', {}, 'Nothing left to watch.')),
    ];
  }
  return [
    h('p', { class: 'count' }, `${ids.length} movies`),
    h(
      'ul',
      { class: 'list-items' },
      ids.map((id, index) => {
        const movie = movies[index];
        const title = movie?.title ?? `Movie ${id}`;
        const remove = h(
          'button',
          {
            class: 'button',
            type: 'button',
            'data-focus-key': `remove:${id}`,
            'aria-label': `Remove ${title} from the list`,
          },
          'Remove',
        );
        remove.addEventListener('click', () => {
          // Not `disabled`, which would drop the focus before the row goes: pressed twice, it is removed once.
          if (remove.getAttribute('aria-disabled') === 'true') return;
          remove.setAttribute('aria-disabled', 'true');
          void ctx.catalogue.lists.removeItem({ list_id: listId, media_id: id });
        });
        return h(
          'li',
          { class: 'list-item', 'data-id': id },
          h(
            'a',
            { class: 'list-link', href: `#/movie/${id}`, 'data-focus-key': `open:${id}` },
            ctx.images.picture(movie?.poster_path, 'poster', `Poster of ${title}`, '48px'),
            h('span', {}, h('strong', {}, title), h('small', {}, movie ? year(movie.release_date) : '')),
          ),
          remove,
        );
      }),
    ),
  ];
}

type WatchlistOrder = 'created_at.asc' | 'created_at.desc';

/** The user's TV watchlist in the service's order, oldest or newest addition first. */
function watchlistPanel(ctx: DemoContext, accountId: number): { element: HTMLElement; dispose(): void } {
  const holder = h('div', {});
  let current: { dispose(): void } | undefined;
  const show = (order: WatchlistOrder) => {
    current?.dispose();
    const panel = viewPanel(ctx.catalogue.accountTvWatchlist({ account_id: accountId, sort_by: order }), {
      what: 'series on your watchlist',
      online: ctx.online,
      isEmpty: (data) => data.results.length === 0,
      render: (data) => grid(data.results.map((series) => seriesCard(ctx.images, series))),
    });
    current = panel;
    replace(holder, panel.element);
  };
  const sort = h(
    'select',
    { id: 'watchlist-sort', 'aria-label': 'Watchlist order' },
    h('option', { value: 'created_at.asc' }, 'Oldest first'),
    h('option', { value: 'created_at.desc' }, 'Newest first'),
  );
  sort.addEventListener('change', () => show(sort.value as WatchlistOrder));
  show('created_at.asc');
  return {
    element: h('div', {}, h('div', { class: 'screen-header' }, h('h2', {}, 'TV watchlist'), sort), holder),
    dispose: () => current?.dispose(),
  };
}
