/**
 * The signed-in user's state of one series (favorite, watchlist, rating) with toggles: a change shows at once
 * (optimistic, in IndexedDB) and goes through the outbox, so it also works offline.
 */
import type { DemoContext } from './context.js';
import { demoUserOf } from './demo-user.js';
import { h, replace } from './dom.js';
import { ratingSelect } from './rating-select.js';

export function accountActions(ctx: DemoContext, seriesId: number): { element: HTMLElement; dispose(): void } {
  const user = demoUserOf(ctx.catalogue);
  const element = h('div', { class: 'account-actions', 'aria-label': 'Your state of this series' });
  if (!user) {
    replace(element, h('a', { class: 'chip-link', href: '#/list' }, 'Sign in to keep favorites and a watchlist'));
    return { element, dispose() {} };
  }
  const view = ctx.catalogue.tvAccountStates({ series_id: seriesId });
  const { account } = ctx.catalogue;
  const rating = ratingSelect('series-rating', 'Your rating', (value) =>
    value === undefined
      ? account.deleteTvSeriesRating({ series_id: seriesId })
      : account.rateTvSeries({ series_id: seriesId, value }),
  );
  // The toggles are made once and updated in place, so the one just pressed keeps the keyboard focus.
  const toggle = (change: (on: boolean) => Promise<unknown>) => {
    const button = h('button', { class: 'button toggle', type: 'button', 'aria-pressed': 'false' });
    let busy = false;
    button.addEventListener('click', () => {
      // Not `disabled`: a disabled button drops the focus. A second press waits for the first change instead.
      if (busy) return;
      busy = true;
      button.setAttribute('aria-disabled', 'true');
      void change(button.getAttribute('aria-pressed') === 'true').finally(() => {
        busy = false;
        button.removeAttribute('aria-disabled');
      });
    });
    return button;
  };
  const favorite = toggle((on) =>
    account.markFavorite({ account_id: user.account_id, media_type: 'tv', media_id: seriesId, favorite: !on }),
  );
  const watchlist = toggle((on) =>
    account.addToWatchlist({ account_id: user.account_id, media_type: 'tv', media_id: seriesId, watchlist: !on }),
  );
  const show = (button: HTMLButtonElement, on: boolean, label: string) => {
    button.setAttribute('aria-pressed', String(on));
    button.classList.toggle('on', on);
    if (button.textContent !== label) button.textContent = label;
  };
  const toggles = h('span', { class: 'toggles' }, favorite, watchlist);
  const unknownNote = h(
    'p',
    { class: 'updated unknown-state' },
    'Your state of this series is not on this device yet: a change is kept and sent when you’re back online.',
  );
  const draw = () => {
    const snapshot = view.getSnapshot();
    const { data } = snapshot;
    if (!data) {
      // Offline (or failing) with nothing stored, the state cannot be read: the toggles still work, as changes
      // that wait in the outbox, rather than a "Reading…" that never ends.
      const unreadable = snapshot.error !== undefined || (snapshot.status === 'missing' && !ctx.online());
      if (!unreadable) return replace(element, h('span', { class: 'updated' }, 'Reading your state of this series…'));
      // What the user set here while the state is unknown: their changes waiting in the outbox, last one wins.
      const waiting = waitingState(ctx, seriesId);
      rating.show(waiting.rated ?? false);
      show(favorite, waiting.favorite ?? false, waiting.favorite ? '♥ Favorite' : '♡ Favorite');
      show(watchlist, waiting.watchlist ?? false, waiting.watchlist ? '✓ On watchlist' : '+ Watchlist');
      if (!element.contains(unknownNote)) replace(element, toggles, rating.element, unknownNote);
      return;
    }
    rating.show(data.rated);
    show(favorite, data.favorite, data.favorite ? '♥ Favorite' : '♡ Favorite');
    show(watchlist, data.watchlist, data.watchlist ? '✓ On watchlist' : '+ Watchlist');
    if (!element.contains(rating.element) || element.contains(unknownNote)) replace(element, toggles, rating.element);
  };
  const unsubscribe = view.subscribe(draw);
  const unsubscribeOutbox = ctx.catalogue.outbox.subscribe(draw);
  // Going offline changes what a missing state means (reading → not on this device): draw again.
  window.addEventListener('online', draw);
  window.addEventListener('offline', draw);
  draw();
  return {
    element,
    dispose() {
      unsubscribe();
      unsubscribeOutbox();
      window.removeEventListener('online', draw);
      window.removeEventListener('offline', draw);
    },
  };
}

interface WaitingState {
  favorite?: boolean;
  watchlist?: boolean;
  rated?: false | { value: number };
}

/** The series' state as the user's unsent changes set it (undefined where none of them says). */
function waitingState(ctx: DemoContext, seriesId: number): WaitingState {
  const state: WaitingState = {};
  for (const { operation, params } of ctx.catalogue.outbox.getSnapshot().entries) {
    const onSeries = params.media_type === 'tv' && params.media_id === seriesId;
    if (operation === 'markFavorite' && onSeries) state.favorite = params.favorite === true;
    else if (operation === 'addToWatchlist' && onSeries) state.watchlist = params.watchlist === true;
    else if (operation === 'rateTvSeries' && params.series_id === seriesId)
      state.rated = { value: Number(params.value) };
    else if (operation === 'deleteTvSeriesRating' && params.series_id === seriesId) state.rated = false;
  }
  return state;
}
