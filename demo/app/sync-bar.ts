/**
 * The header's live status, in words that are true: the pill and the line always say the same thing.
 *
 *   Checking for updates…                        nothing has finished yet (the first sync has not settled)
 *   Syncing 3 of 12…                             requests of the current batch done, of all in it
 *   Up to date                                   the last batch finished with nothing failed
 *   Couldn't reach the service — showing saved data   the last batch had requests no answer came back for
 *   Some updates failed — showing saved data     the service answered, but refused some (a 404, say)
 *   Offline — showing saved data                 the browser or the catalogue is offline (work waits)
 *
 * A batch runs from the first request queued while nothing was to the moment nothing is queued or in flight
 * again. A failed line offers Retry.
 */
import type { Catalogue, SyncErrorEvent, SyncStatus } from '../../src/index.js';
import { h, replace, timeAgo } from './dom.js';

export interface SyncBar {
  readonly element: HTMLElement;
  /** The page's first sync has settled: with nothing to fetch, that is "Up to date" too. */
  settled(): void;
}

/** A failure of the way to the service, not an answer from it: the same words as no answer at all. */
function unreachable(error: SyncErrorEvent['error']): boolean {
  if (['NetworkError', 'TimeoutError', 'OfflineError'].includes(error.name)) return true;
  return error.status !== undefined && (error.status === 0 || error.status >= 500);
}

/** The service answered that it does not know the id (a deep link to a removed title): an answer, not a failure. */
function notFound(error: SyncErrorEvent['error']): boolean {
  return error.status === 404;
}

interface Batch {
  /** `status.done` and `status.failed` when the batch began. */
  readonly done: number;
  readonly failed: number;
  unreachable: boolean;
  /** Failures in the batch that were a 404: the screen says "Not found"; the status line does not count them. */
  notFound: number;
}

type Outcome = 'none' | 'ok' | 'unreachable' | 'failed';

export function syncBar(catalogue: Catalogue, retry: () => void): SyncBar {
  const pill = h('span', { class: 'pill', id: 'connectivity' });
  const bar = h('progress', { id: 'sync-progress', max: 1, value: 0, 'aria-label': 'Sync progress' });
  // Focusable from script: where the focus goes when the Retry beside it goes away.
  const label = h('span', { class: 'sync-label', id: 'sync-label', tabindex: -1 });
  const retryButton = h(
    'button',
    { class: 'button sync-retry', type: 'button', id: 'sync-retry', hidden: true },
    'Retry',
  );
  retryButton.addEventListener('click', retry);
  const element = h(
    'div',
    { class: 'sync', role: 'status', 'aria-live': 'polite' },
    pill,
    h('div', { class: 'sync-meter' }, bar, label),
    retryButton,
  );
  let batch: Batch | undefined;
  let outcome: Outcome = 'none';
  let settled = false;

  const line = (
    status: SyncStatus,
    online: boolean,
  ): { pill: 'online' | 'offline'; pillText: string; text: string } => {
    if (!online) return { pill: 'offline', pillText: 'Offline', text: 'Offline — showing saved data' };
    if (batch) {
      const done = status.done - batch.done;
      return { pill: 'online', pillText: 'Online', text: `Syncing ${done} of ${done + status.pending}…` };
    }
    switch (outcome) {
      case 'unreachable':
        return {
          pill: 'offline',
          pillText: 'No connection',
          text: 'Couldn’t reach the service — showing saved data',
        };
      case 'failed':
        return { pill: 'online', pillText: 'Online', text: 'Some updates failed — showing saved data' };
      case 'ok':
        return { pill: 'online', pillText: 'Online', text: 'Up to date' };
      default:
        return { pill: 'online', pillText: 'Online', text: settled ? 'Up to date' : 'Checking for updates…' };
    }
  };

  const draw = (status: SyncStatus) => {
    const online = status.online && navigator.onLine;
    if (status.pending > 0 && !batch) {
      batch = { done: status.done, failed: status.failed, unreachable: false, notFound: 0 };
    }
    if (status.pending === 0 && batch) {
      const failed = status.failed - batch.failed - batch.notFound;
      outcome = failed > 0 ? (batch.unreachable ? 'unreachable' : 'failed') : 'ok';
      batch = undefined;
    }
    const done = batch ? status.done - batch.done : 0;
    const total = done + status.pending;
    bar.max = Math.max(total, 1);
    bar.value = total === 0 ? 1 : done;
    element.dataset.percent = String(total === 0 ? 100 : Math.round((done / total) * 100));
    element.dataset.state = status.state;
    const shown = line(status, online);
    pill.className = `pill ${shown.pill}`;
    replace(pill, shown.pillText);
    replace(label, shown.text);
    label.title = status.lastSyncedAt ? `Last synced ${timeAgo(status.lastSyncedAt)}` : '';
    const hadFocus = document.activeElement === retryButton;
    retryButton.hidden = !(online && !batch && (outcome === 'unreachable' || outcome === 'failed'));
    // Retry pressed from the keyboard: its outcome is read next, not <body>.
    if (hadFocus && retryButton.hidden) label.focus();
  };
  catalogue.on('status', draw);
  catalogue.on('error', (event) => {
    if (batch && unreachable(event.error)) batch.unreachable = true;
    if (batch && notFound(event.error)) batch.notFound += 1;
  });
  const redraw = () => draw(catalogue.status);
  window.addEventListener('online', redraw);
  window.addEventListener('offline', redraw);
  draw(catalogue.status);
  return {
    element,
    settled() {
      settled = true;
      redraw();
    },
  };
}
