/** "What's new": the user's series whose episodes changed or aired since their last visit, each episode named. */
import type { NewEpisode, SeriesNews } from '../../../src/index.js';
import type { DemoContext, Screen } from '../context.js';
import { demoUserOf } from '../demo-user.js';
import { h, replace, timeAgo } from '../dom.js';
import { state } from '../view-panel.js';
import { lastSeen, markSeen, newsOf } from '../whats-new.js';

export function newsScreen(ctx: DemoContext, onSeen: () => void): Screen {
  const body = h('div', { class: 'panel news-panel' });
  const since = lastSeen();
  let stopped = false;
  const draw = async () => {
    if (ctx.catalogue.user.getSnapshot().status === 'restoring') {
      replace(body, h('p', { 'aria-busy': 'true' }, 'Restoring your session…'));
      return;
    }
    const user = demoUserOf(ctx.catalogue);
    if (!user) {
      replace(
        body,
        state('empty', 'Sign in to see what is new', 'What is new follows the series on your watchlist and favorites.'),
        h('p', {}, h('a', { href: '#/list' }, 'Sign in on My list')),
      );
      return;
    }
    const news = await newsOf(ctx.catalogue, user.account_id, since);
    if (stopped) return;
    if (news.length === 0) {
      replace(body, state('empty', 'Nothing new', `No episode of your series changed or aired ${sinceWords(since)}.`));
    } else {
      replace(
        body,
        h('p', { class: 'count' }, `New ${sinceWords(since)}`),
        h(
          'ul',
          { class: 'news' },
          news.map((series) => seriesItem(series)),
        ),
      );
    }
  };
  const redraw = () => void draw();
  const stopUser = ctx.catalogue.user.subscribe(redraw);
  const stopChanges = ctx.catalogue.on('changesApplied', redraw);
  redraw();
  return {
    title: "What's new",
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, "What's new")),
      body,
    ),
    // Left after being viewed: the next visit's "since" starts now (a reload on the screen keeps its list).
    dispose() {
      markSeen();
      onSeen();
      stopped = true;
      stopUser();
      stopChanges();
    },
  };
}

function sinceWords(since: number): string {
  return `since your last visit (${timeAgo(since)})`;
}

function seriesItem(series: SeriesNews): HTMLElement {
  return h(
    'li',
    { class: 'news-series' },
    h('h2', {}, h('a', { href: `#/series/${series.series_id}` }, series.name ?? `Series ${series.series_id}`)),
    h(
      'ul',
      {},
      series.episodes.map((episode) => episodeItem(series.series_id, episode)),
    ),
  );
}

function episodeItem(seriesId: number, episode: NewEpisode): HTMLElement {
  const why = [
    episode.changed.length > 0 ? `changed: ${episode.changed.join(', ')}` : undefined,
    episode.aired ? `aired ${timeAgo(Date.parse(`${episode.air_date}T00:00:00Z`))}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return h(
    'li',
    { class: 'news-episode' },
    h(
      'a',
      { href: `#/series/${seriesId}/season/${episode.season_number}` },
      `S${episode.season_number} E${episode.episode_number} “${episode.name ?? 'Untitled'}”`,
    ),
    h('small', {}, ` — ${why}`),
  );
}
