/**
 * The nav's "What's new" count: the new episodes of the signed-in user's series since their last visit. Counting
 * reads the store only; following the series and polling their change feeds runs in the background, after the
 * visit's first content, and again when someone signs in.
 */
import type { Catalogue } from '../../src/index.js';
import { demoUserOf } from './demo-user.js';
import { h, replace } from './dom.js';
import { followAndRefresh, lastSeen, newsOf } from './whats-new.js';

export function newsBadge(catalogue: Catalogue, link: HTMLElement | undefined) {
  const badge = h('span', { class: 'nav-badge', hidden: true });
  link?.append(badge);
  let counting = 0;
  const recount = async () => {
    const user = demoUserOf(catalogue);
    const run = ++counting;
    const count = user
      ? (await newsOf(catalogue, user.account_id, lastSeen())).reduce((sum, s) => sum + s.episodes.length, 0)
      : 0;
    if (run !== counting) return;
    badge.hidden = count === 0;
    replace(
      badge,
      h('span', { 'aria-hidden': 'true' }, String(count)),
      h('span', { class: 'visually-hidden' }, `, ${count} new`),
    );
  };
  const follow = async () => {
    const user = demoUserOf(catalogue);
    if (user && navigator.onLine) await followAndRefresh(catalogue, user.account_id).catch(() => undefined);
    await recount();
    // A hook for tests: the series are followed and their feeds polled.
    if (user) document.body.dataset.newsFollowed = 'true';
  };
  return {
    recount,
    start() {
      let shownUser = catalogue.user.getSnapshot().user?.scopeId;
      catalogue.user.subscribe(() => {
        const now = catalogue.user.getSnapshot().user?.scopeId;
        if (now === shownUser) return;
        shownUser = now;
        delete document.body.dataset.newsFollowed;
        void follow();
      });
      catalogue.on('changesApplied', () => void recount());
      void follow();
    },
  };
}
