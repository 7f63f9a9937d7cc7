/**
 * The header's live status: online/offline, and a progress bar over the requests of the current sync batch
 * ("Syncing 4 of 11"), which reaches 100% when nothing is queued or in flight.
 */
import type { Catalogue, ProgressEvent, SyncStatus } from '../../src/index.js';
import { h, replace, timeAgo } from './dom.js';

export function syncBar(catalogue: Catalogue): HTMLElement {
  const pill = h('span', { class: 'pill', id: 'connectivity', role: 'status' });
  const bar = h('progress', { id: 'sync-progress', max: 1, value: 0, 'aria-label': 'Sync progress' });
  const label = h('span', { class: 'sync-label', id: 'sync-label' });
  const element = h(
    'div',
    { class: 'sync', 'aria-live': 'polite' },
    pill,
    h('div', { class: 'sync-meter' }, bar, label),
  );
  let batchStart = catalogue.status.done;
  let lastProgress: ProgressEvent | undefined;
  const draw = (status: SyncStatus) => {
    const online = status.online && navigator.onLine;
    pill.className = `pill ${online ? 'online' : 'offline'}`;
    replace(pill, online ? 'Online' : 'Offline');
    if (status.pending === 0) batchStart = status.done;
    const done = status.done - batchStart;
    const total = done + status.pending;
    const ratio = total === 0 ? 1 : done / total;
    bar.max = Math.max(total, 1);
    bar.value = total === 0 ? 1 : done;
    element.dataset.percent = String(Math.round(ratio * 100));
    element.dataset.state = status.state;
    if (status.pending > 0) {
      const page = lastProgress ? ` · ${lastProgress.operation} page ${lastProgress.done}/${lastProgress.total}` : '';
      replace(label, `${status.state === 'paused-offline' ? 'Waiting' : 'Syncing'} ${done} of ${total}${page}`);
    } else if (!online) {
      replace(label, status.lastSyncedAt ? `Saved on this device · synced ${timeAgo(status.lastSyncedAt)}` : 'Offline');
    } else {
      const failed = status.failed > 0 ? ` · ${status.failed} failed` : '';
      replace(label, `Up to date · ${status.done} synced${failed}`);
    }
  };
  catalogue.on('status', draw);
  catalogue.on('progress', (event) => {
    lastProgress = event;
    draw(catalogue.status);
  });
  const redraw = () => draw(catalogue.status);
  window.addEventListener('online', redraw);
  window.addEventListener('offline', redraw);
  draw(catalogue.status);
  return element;
}
