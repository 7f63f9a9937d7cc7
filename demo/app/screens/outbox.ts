/** Pending changes: what this device changed and has not yet sent (it is sent once, in order, when online). */
import type { OutboxEntry, OutboxSnapshot } from '../../../src/index.js';
import { changeWords } from '../change-words.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace, timeAgo } from '../dom.js';
import { lookUpTitles, type TitleKey } from '../titles.js';
import { state } from '../view-panel.js';

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

/** The outbox of the signed-in user, live, each change in words with the titles the catalogue has stored. */
export function outboxPanel(ctx: DemoContext): { element: HTMLElement; dispose(): void } {
  const body = h('div', { class: 'panel outbox-panel' });
  const titles = new Map<TitleKey, string>();
  let stopped = false;
  /** Which draw is the latest: a lookup that ends after a newer draw began shows nothing. */
  let generation = 0;
  const showEntries = (snapshot: OutboxSnapshot) =>
    replace(
      body,
      h('p', { class: 'count' }, `${snapshot.pending} pending · ${snapshot.failed} failed`),
      h(
        'ul',
        { class: 'outbox' },
        snapshot.entries.map((entry) => entryRow(entry, titles)),
      ),
    );
  const draw = () => {
    const snapshot = ctx.catalogue.outbox.getSnapshot();
    const drawing = ++generation;
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
    // Titles not known yet are looked up first (IndexedDB only, quick), so a row never flashes "movie #31".
    const wanted = new Set<TitleKey>();
    for (const entry of snapshot.entries) {
      const { key } = changeWords(entry);
      if (key !== undefined && !titles.has(key)) wanted.add(key);
    }
    if (wanted.size === 0) return showEntries(snapshot);
    void lookUpTitles(ctx.catalogue, wanted).then((found) => {
      for (const [key, title] of found) titles.set(key, title);
      if (!stopped && drawing === generation) showEntries(snapshot);
    });
  };
  const unsubscribe = ctx.catalogue.outbox.subscribe(draw);
  draw();
  return {
    element: body,
    dispose() {
      stopped = true;
      unsubscribe();
    },
  };
}

const STATES: Readonly<Record<OutboxEntry['state'], string>> = {
  pending: 'waiting',
  sending: 'sending',
  failed: 'failed',
};

function entryRow(entry: OutboxEntry, titles: ReadonlyMap<TitleKey, string>): HTMLElement {
  const words = changeWords(entry);
  const title = (words.key && titles.get(words.key)) ?? words.fallback;
  const note =
    entry.state === 'failed'
      ? 'The service refused this change, so it was undone.'
      : entry.error
        ? 'Not sent yet: it will be tried again.'
        : undefined;
  return h(
    'li',
    { class: `outbox-entry ${entry.state}`, 'data-operation': entry.operation },
    h('span', { class: `badge ${entry.state === 'failed' ? 'error' : 'stale'}` }, STATES[entry.state]),
    h(
      'span',
      { class: 'outbox-text' },
      h('strong', {}, words.before, h('cite', {}, title), words.after),
      h('small', {}, `${timeAgo(entry.createdAt)}${entry.attempts > 0 ? ` · ${entry.attempts} attempts` : ''}`),
      note && h('small', { class: 'outbox-note' }, note),
    ),
  );
}
