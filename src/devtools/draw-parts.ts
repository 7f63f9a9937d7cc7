import type { DevtoolsPart, DevtoolsState } from './devtools-model.js';
import { viewsDrawer } from './draw-views.js';
import { type Child, el } from './element.js';
import { formatBytes, formatClockTime, formatDuration } from './format.js';

/** Draws one part's contents from the state; `now` is the clock time ages are measured to. */
export type PartDrawer = (state: DevtoolsState, now: number) => Child[];

const KINDS = ['browse', 'user', 'outbox', 'bookkeeping'] as const;

/** `list_id 7 · media_id 1399`: a change's credential-free parameters, short. */
function describeParams(params: Readonly<Record<string, unknown>>): string {
  return Object.entries(params)
    .filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(' · ');
}

/** A column: its heading, and whether it holds numbers (right-aligned). */
type Column = readonly [label: string, numeric?: 'num'];

/** A table with a header row; each row is its attributes and its cells (a `th` cell heads its row). */
function table(
  doc: Document,
  columns: readonly Column[],
  rows: readonly { attributes: Record<string, string | number>; cells: readonly (HTMLElement | Child)[] }[],
): HTMLTableElement {
  const header = columns.map(([label, numeric]) => el(doc, 'th', { scope: 'col', class: numeric }, label));
  const body = rows.map(({ attributes, cells }) =>
    el(
      doc,
      'tr',
      attributes,
      cells.map((cell, index) =>
        // By shape, not `instanceof`: a target in a frame has elements of another realm.
        typeof cell === 'object' && cell !== null && 'tagName' in cell
          ? cell
          : el(doc, 'td', { class: columns[index]?.[1] }, cell),
      ),
    ),
  );
  return el(doc, 'table', {}, el(doc, 'thead', {}, el(doc, 'tr', {}, header)), el(doc, 'tbody', {}, body));
}

/** Each part's drawer, building into `doc`. Only what events and views carry is shown: it is credential-free. */
export function partDrawers(doc: Document): Record<DevtoolsPart, PartDrawer> {
  const note = (text: Child | Child[], className = 'note', attributes: Record<string, string> = {}) =>
    el(doc, 'p', { class: className, ...attributes }, text as Child);
  const figure = (name: string, label: string, value: string | number) =>
    el(doc, 'div', {}, el(doc, 'dt', {}, label), el(doc, 'dd', { 'data-figure': name }, value));

  return {
    queue: ({ queue, status, rateLimited }, now) => {
      const held = rateLimited && rateLimited.until > now ? rateLimited : undefined;
      return [
        el(
          doc,
          'dl',
          { class: 'figures' },
          figure('state', 'Queue', queue.state),
          figure('sync', 'Sync', status.state),
          figure('network', 'Network', status.online ? 'online' : 'offline'),
          figure('queued', 'Queued', queue.queued),
          figure('in-flight', 'In flight', queue.inFlight),
          figure('sent', 'Sent', queue.sent),
          figure('retried', 'Retried', queue.retried),
          figure('rate', 'Rate', `${queue.currentRate.toFixed(1)}/s`),
          figure('rate-limited', '429s', queue.rateLimited429),
          figure('deduped', 'Deduped', queue.deduped),
        ),
        held &&
          note(
            [
              `Rate limited: no request starts for ${formatDuration(held.until - now)}`,
              held.retryAfterMs === undefined ? '' : ` (Retry-After ${formatDuration(held.retryAfterMs)})`,
            ],
            'warn',
            { 'data-figure': 'paused' },
          ),
      ];
    },

    inFlight: ({ inFlight }, now) =>
      inFlight.length === 0
        ? [note('Nothing in flight', 'empty')]
        : [
            table(
              doc,
              [['Operation'], ['Priority'], ['Attempt', 'num'], ['Age', 'num']],
              inFlight.map((request) => ({
                attributes: { 'data-request': request.id },
                cells: [request.operation, request.priority, request.attempt, formatDuration(now - request.at)],
              })),
            ),
          ],

    views: viewsDrawer(doc),

    outbox: ({ outbox }) => {
      if (outbox.status === 'loading') return [note('Reading the outbox…')];
      if (outbox.userScope === undefined) return [note('Nobody is signed in')];
      const summary = note(`${outbox.pending} pending · ${outbox.failed} failed · ${outbox.userScope}`, 'note', {
        'data-figure': 'outbox-count',
      });
      if (outbox.entries.length === 0) return [summary];
      return [
        summary,
        table(
          doc,
          [['#', 'num'], ['State'], ['Operation'], ['Attempts', 'num'], ['Last error']],
          outbox.entries.map((entry) => ({
            attributes: { 'data-seq': entry.seq, 'data-state': entry.state },
            cells: [
              entry.seq,
              el(doc, 'td', { class: `state-${entry.state}` }, entry.state),
              el(doc, 'td', { title: describeParams(entry.params) }, entry.operation),
              entry.attempts,
              entry.error ? `${entry.error.name}: ${entry.error.message}` : '—',
            ],
          })),
        ),
      ];
    },

    quarantine: ({ quarantinedByOperation, storage }) => {
      const stored = storage.figures?.byTable.quarantine?.rows;
      const seen = Object.entries(quarantinedByOperation).sort(([a], [b]) => a.localeCompare(b));
      return [
        note(['Responses kept in quarantine: ', el(doc, 'span', { 'data-figure': 'quarantine-rows' }, stored ?? '—')]),
        seen.length === 0
          ? note('None quarantined since the panel opened', 'empty')
          : table(
              doc,
              [['Operation'], ['Quarantined', 'num']],
              seen.map(([operation, count]) => ({
                attributes: { 'data-operation': operation },
                cells: [operation, count],
              })),
            ),
      ];
    },

    storage: ({ storage }) => {
      const { figures } = storage;
      const status = storage.loading
        ? 'Reading…'
        : storage.error
          ? `Could not read: ${storage.error}`
          : storage.at === undefined
            ? 'Not read yet'
            : `Read at ${formatClockTime(storage.at)} UTC`;
      const read = note(status, storage.error ? 'warn' : 'note');
      if (!figures) return [read];
      const kinds = KINDS.map((kind) => [kind, figures.byKind[kind]] as const);
      const total = kinds.reduce((sum, [, f]) => ({ rows: sum.rows + f.rows, bytes: sum.bytes + f.bytes }), {
        rows: 0,
        bytes: 0,
      });
      const { estimate } = figures;
      return [
        table(
          doc,
          [['Kind'], ['Rows', 'num'], ['Bytes', 'num']],
          [...kinds, ['total', total] as const].map(([kind, f]) => ({
            attributes: { 'data-kind': kind },
            cells: [el(doc, 'th', { scope: 'row' }, kind), f.rows, formatBytes(f.bytes)],
          })),
        ),
        estimate?.usage !== undefined &&
          note(
            [
              `Origin: ${formatBytes(estimate.usage)}`,
              estimate.quota === undefined ? '' : ` of ${formatBytes(estimate.quota)}`,
            ],
            'note',
            { 'data-figure': 'estimate' },
          ),
        read,
      ];
    },

    errors: ({ errors }) =>
      errors.length === 0
        ? [note('No errors', 'empty')]
        : [
            el(
              doc,
              'ol',
              { class: 'errors' },
              errors.map((problem) =>
                el(
                  doc,
                  'li',
                  { 'data-kind': problem.kind },
                  el(doc, 'time', { datetime: new Date(problem.at).toISOString() }, formatClockTime(problem.at)),
                  ' ',
                  el(doc, 'strong', { class: `kind-${problem.kind}` }, problem.kind),
                  ` ${problem.operation}`,
                  problem.status === undefined ? '' : ` ${problem.status}`,
                  ` — ${problem.message}`,
                ),
              ),
            ),
          ],
  };
}
