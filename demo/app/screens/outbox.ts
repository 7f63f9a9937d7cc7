/** Pending changes: what this device changed and has not yet sent (it is sent once, in order, when online). */
import type { OutboxEntry } from '../../../src/index.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace, timeAgo } from '../dom.js';
import { state } from '../view-panel.js';

const LABELS: Readonly<Record<string, string>> = {
  removeListItem: 'Remove from list',
  markFavorite: 'Favorite',
  addToWatchlist: 'Watchlist',
  rateTvSeries: 'Rating',
  deleteTvSeriesRating: 'Remove rating',
  rateEpisode: 'Episode rating',
  deleteEpisodeRating: 'Remove episode rating',
};

export function outboxScreen(ctx: DemoContext): Screen {
  const panel = outboxPanel(ctx);
  return {
    title: 'Pending changes',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Pending changes')),
      panel.element,
    ),
    dispose: panel.dispose,
  };
}

/** The outbox of the signed-in user, live. */
export function outboxPanel(ctx: DemoContext): { element: HTMLElement; dispose(): void } {
  const body = h('div', { class: 'panel outbox-panel' });
  const draw = () => {
    const snapshot = ctx.catalogue.outbox.getSnapshot();
    if (snapshot.status === 'loading') return replace(body, h('p', { 'aria-busy': 'true' }, 'Reading the outbox…'));
    if (!snapshot.userScope) {
      return replace(
        body,
        state('empty', 'No one is signed in', 'Changes wait here while offline once a user is signed in.'),
      );
    }
    if (snapshot.entries.length === 0) {
      return replace(
        body,
        state('empty', 'Nothing pending', 'Every change made on this device has reached the service.'),
      );
    }
    replace(
      body,
      h('p', { class: 'count' }, `${snapshot.pending} pending · ${snapshot.failed} failed`),
      h('ul', { class: 'outbox' }, snapshot.entries.map(entryRow)),
    );
  };
  const unsubscribe = ctx.catalogue.outbox.subscribe(draw);
  draw();
  return { element: body, dispose: unsubscribe };
}

function entryRow(entry: OutboxEntry): HTMLElement {
  const what = Object.entries(entry.params)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ');
  return h(
    'li',
    { class: `outbox-entry ${entry.state}` },
    h('span', { class: `badge ${entry.state === 'failed' ? 'error' : 'stale'}` }, entry.state),
    h(
      'span',
      { class: 'outbox-text' },
      h('strong', {}, LABELS[entry.operation] ?? entry.operation),
      h('span', {}, what),
      h('small', {}, `${timeAgo(entry.createdAt)}${entry.attempts > 0 ? ` · ${entry.attempts} attempts` : ''}`),
      entry.error && h('small', { class: 'inline-error' }, entry.error.message),
    ),
  );
}
