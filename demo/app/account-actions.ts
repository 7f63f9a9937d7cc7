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
  const draw = () => {
    const { data } = view.getSnapshot();
    if (!data) return replace(element, h('span', { class: 'updated' }, 'Reading your state of this series…'));
    rating.show(data.rated);
    show(favorite, data.favorite, data.favorite ? '♥ Favorite' : '♡ Favorite');
    show(watchlist, data.watchlist, data.watchlist ? '✓ On watchlist' : '+ Watchlist');
    if (!element.contains(rating.element)) replace(element, toggles, rating.element);
  };
  const unsubscribe = view.subscribe(draw);
  draw();
  return { element, dispose: unsubscribe };
}
