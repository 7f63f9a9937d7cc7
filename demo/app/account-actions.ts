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
  const toggles = h('span', { class: 'toggles' });
  const draw = () => {
    const { data } = view.getSnapshot();
    if (!data) return replace(element, h('span', { class: 'updated' }, 'Reading your state of this series…'));
    rating.show(data.rated);
    if (!element.contains(rating.element)) replace(element, toggles, rating.element);
    const toggle = (label: string, on: boolean, change: () => Promise<unknown>) => {
      const button = h(
        'button',
        { class: `button toggle${on ? ' on' : ''}`, type: 'button', 'aria-pressed': String(on) },
        label,
      );
      button.addEventListener('click', () => {
        button.disabled = true;
        void change().finally(() => {
          button.disabled = false;
        });
      });
      return button;
    };
    replace(
      toggles,
      toggle(data.favorite ? '♥ Favorite' : '♡ Favorite', data.favorite, () =>
        ctx.catalogue.account.markFavorite({
          account_id: user.account_id,
          media_type: 'tv',
          media_id: seriesId,
          favorite: !data.favorite,
        }),
      ),
      toggle(data.watchlist ? '✓ On watchlist' : '+ Watchlist', data.watchlist, () =>
        ctx.catalogue.account.addToWatchlist({
          account_id: user.account_id,
          media_type: 'tv',
          media_id: seriesId,
          watchlist: !data.watchlist,
        }),
      ),
    );
  };
  const unsubscribe = view.subscribe(draw);
  draw();
  return { element, dispose: unsubscribe };
}
