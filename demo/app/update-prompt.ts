/**
 * "A new version is ready — Reload": shown when a new build's worker has installed and waits (the library's
 * `watchWorkerUpdates`). A polite status region that is always in the page, so screen readers announce the
 * offer when it appears; it takes no focus from what the user is doing, and sits over the page's corner so that
 * appearing shifts no layout.
 */
import { type Catalogue, isNewerReleaseError } from '../../src/index.js';
import type { WorkerUpdateState, WorkerUpdates } from '../../src/sw/index.js';
import { h, replace } from './dom.js';

export function updatePrompt(): {
  element: HTMLElement;
  watch(updates: WorkerUpdates): void;
  fence(catalogue: Pick<Catalogue, 'on'>, reload: () => void): void;
} {
  const element = h('div', { class: 'update-prompt', id: 'update-prompt', role: 'status' });
  const draw = (updates: WorkerUpdates, state: WorkerUpdateState) => {
    element.dataset.state = state;
    if (state === 'current') return replace(element);
    const button = h(
      'button',
      { type: 'button', class: 'button', id: 'update-reload', onclick: () => updates.applyUpdate() },
      'Reload',
    );
    if (state === 'applying') {
      button.disabled = true;
      replace(button, 'Reloading…');
    }
    replace(element, h('span', {}, 'A new version is ready'), button);
  };
  return {
    element,
    watch(updates) {
      draw(updates, updates.state);
      updates.subscribe((state) => draw(updates, state));
    },
    /**
     * A newer release of the page upgraded the catalogue's database in another tab: this one stopped
     * (`NewerReleaseError`) and only a reload brings the new code, so the same offer shows, for good.
     */
    fence(catalogue, reload) {
      catalogue.on('stopped', (error) => {
        if (!isNewerReleaseError(error)) return;
        element.dataset.state = 'newer-release';
        const button = h(
          'button',
          { type: 'button', class: 'button', id: 'update-reload', onclick: () => reload() },
          'Reload',
        );
        replace(element, h('span', {}, 'A new version is ready'), button);
      });
    },
  };
}
