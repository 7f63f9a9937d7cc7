import type { ViewEntry } from '../index.js';
import type { DevtoolsState } from './devtools-model.js';
import { type Child, el } from './element.js';
import { formatDuration } from './format.js';
import { jsonTree } from './json-tree.js';
import type { ViewAction, ViewOutcome } from './views-model.js';

const ACTIONS: readonly [ViewAction, string][] = [
  ['refetch', 'Refetch'],
  ['invalidate', 'Invalidate'],
  ['remove', 'Remove'],
];

const OUTCOMES: Record<ViewOutcome['state'], string> = {
  running: 'running…',
  done: 'done',
  gone: 'the key was gone already',
  failed: 'failed',
};

/** `trendingTv · time_window day`: the operation and its parameters, without the instance's language. */
export function viewLabel(entry: ViewEntry): string {
  const params = Object.entries(entry.params)
    .filter(([name, value]) => name !== 'language' && value !== undefined)
    .map(([name, value]) => `${name} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return [entry.operation, ...params, ...(entry.userScope ? [entry.userScope] : [])].join(' · ');
}

/** `4.2 s ago`, `in 59.0 s`, or `—`. */
function relative(at: number | undefined, now: number): string {
  if (at === undefined) return '—';
  return at <= now ? `${formatDuration(now - at)} ago` : `in ${formatDuration(at - now)}`;
}

/**
 * The Views pane's drawer: a table of the live keys (each key a toggle button that selects it), and the selected
 * key's figures, actions and data. The data's tree is drawn again only when the data changes, so what was
 * expanded stays expanded while the ages tick. Buttons carry `data-focus`, so a redraw can keep keyboard focus.
 */
export function viewsDrawer(doc: Document): (state: DevtoolsState, now: number) => Child[] {
  let tree: { key: string; data: unknown; element: HTMLElement } | undefined;
  const treeOf = (entry: ViewEntry): HTMLElement => {
    if (tree?.key !== entry.requestKey || tree.data !== entry.data) {
      tree = { key: entry.requestKey, data: entry.data, element: jsonTree(doc, entry.data) };
    }
    return tree.element;
  };
  const note = (text: Child | Child[], attributes: Record<string, string> = {}) =>
    el(doc, 'p', { class: 'note', ...attributes }, text as Child);

  const details = (entry: ViewEntry, outcome: ViewOutcome | undefined, now: number): HTMLElement => {
    const label = viewLabel(entry);
    const figure = (name: string, title: string, value: Child) =>
      el(doc, 'div', {}, el(doc, 'dt', {}, title), el(doc, 'dd', { 'data-figure': name }, value));
    const own = outcome?.requestKey === entry.requestKey ? outcome : undefined;
    return el(
      doc,
      'div',
      { class: 'selected', 'data-selected': entry.requestKey },
      el(doc, 'h4', {}, label),
      el(
        doc,
        'dl',
        { class: 'figures' },
        figure('view-status', 'Status', entry.status),
        figure('view-updated', 'Updated', relative(entry.updatedAt, now)),
        figure('view-stale-at', 'Stale', relative(entry.staleAt, now)),
        figure('view-observers', 'Observers', entry.inGrace ? '0 (grace)' : entry.observers),
      ),
      entry.error !== undefined &&
        note(entry.error instanceof Error ? `${entry.error.name}: ${entry.error.message}` : String(entry.error), {
          class: 'warn',
        }),
      el(
        doc,
        'div',
        { class: 'actions' },
        ACTIONS.map(([action, title]) =>
          el(
            doc,
            'button',
            {
              type: 'button',
              'data-action': action,
              'data-key': entry.requestKey,
              'data-focus': `action:${action}`,
              'aria-label': `${title} ${label}`,
            },
            title,
          ),
        ),
      ),
      own &&
        note(`${own.action}: ${OUTCOMES[own.state]}${own.message ? ` — ${own.message}` : ''}`, {
          'data-figure': 'view-outcome',
          class: own.state === 'failed' ? 'warn' : 'note',
        }),
      entry.data === undefined ? note('No data', { class: 'empty' }) : treeOf(entry),
    );
  };

  return ({ views }, now) => {
    if (views.error !== undefined) return [note(`No live keys: ${views.error}`, { class: 'warn' })];
    const { entries, selected } = views;
    if (entries === undefined) return [note('Waiting for the catalogue…')];
    if (entries.length === 0) return [note('No live keys', { class: 'empty' })];
    const rows = entries.map((entry) =>
      el(
        doc,
        'tr',
        { 'data-key': entry.requestKey, 'data-status': entry.status },
        el(
          doc,
          'th',
          { scope: 'row' },
          el(
            doc,
            'button',
            {
              type: 'button',
              class: 'key',
              'data-key': entry.requestKey,
              'data-focus': `key:${entry.requestKey}`,
              'aria-pressed': String(entry.requestKey === selected),
            },
            viewLabel(entry),
          ),
        ),
        el(doc, 'td', {}, el(doc, 'span', { class: `badge status-${entry.status}` }, entry.status)),
        el(doc, 'td', {}, entry.fetching ? 'fetching' : '—'),
        el(doc, 'td', { class: 'num' }, entry.inGrace ? '0 (grace)' : entry.observers),
        el(doc, 'td', { class: 'num' }, relative(entry.updatedAt, now)),
      ),
    );
    const chosen = selected === undefined ? undefined : entries.find((entry) => entry.requestKey === selected);
    const header = ['Key', 'Status', 'Fetching', 'Observers', 'Updated'].map((title, index) =>
      el(doc, 'th', { scope: 'col', class: index >= 3 ? 'num' : undefined }, title),
    );
    return [
      note(`${entries.length} live ${entries.length === 1 ? 'key' : 'keys'}`, { 'data-figure': 'views-count' }),
      el(doc, 'table', {}, el(doc, 'thead', {}, el(doc, 'tr', {}, header)), el(doc, 'tbody', {}, rows)),
      chosen
        ? details(chosen, views.outcome, now)
        : selected !== undefined && note('The selected key is no longer live', { class: 'empty' }),
    ];
  };
}
