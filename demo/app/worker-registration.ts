/**
 * Registers the demo's worker (the offline shell) and keeps trying in the same visit when it fails: a cut download
 * of the worker or of a precached file would otherwise leave a first visit with no offline copy until the next one,
 * and the next open offline would be the browser's "This site can't be reached". Retries back off, and go at once
 * when the link returns. The state is shown in the header (`#shell-state`), so "Up to date" never hides it.
 */
import { h, replace } from './dom.js';

export type ShellState = 'installing' | 'retrying' | 'ready' | 'unsupported';

/** Waits between attempts, the last one repeating. */
const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000] as const;

export interface WorkerRegistration {
  /** The header's line about the offline copy: hidden while the first attempt runs and once the shell is ready. */
  readonly element: HTMLElement;
  /** Resolves with the ready registration (never rejects: it keeps trying). */
  readonly ready: Promise<ServiceWorkerRegistration>;
}

/** Whether the worker `registration` installed, or gave up on its install (a precached file failed). */
function installed(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return Promise.resolve();
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.reject(new Error('no worker is installing'));
  return new Promise((resolve, reject) => {
    const check = () => {
      if (worker.state === 'activated' || worker.state === 'activating' || worker.state === 'installed') resolve();
      else if (worker.state === 'redundant') reject(new Error('the worker failed to install'));
    };
    worker.addEventListener('statechange', check);
    check();
  });
}

export function registerWorkerWithRetry(url: string, options: RegistrationOptions): WorkerRegistration {
  const element = h('span', { class: 'shell-state', id: 'shell-state', role: 'status', hidden: true });
  const show = (state: ShellState, detail = '') => {
    element.dataset.state = state;
    element.hidden = state === 'ready' || state === 'installing';
    if (state === 'retrying') replace(element, `Offline copy not saved yet — retrying${detail}`);
    else if (state === 'unsupported') replace(element, 'No offline copy in this browser');
    else replace(element);
  };
  if (!('serviceWorker' in navigator)) {
    show('unsupported');
    return { element, ready: new Promise(() => {}) };
  }
  show('installing');
  const ready = (async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const registration = await navigator.serviceWorker.register(url, options);
        await installed(registration);
        show('ready');
        return registration;
      } catch {
        const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 30_000;
        show('retrying', navigator.onLine ? '' : ' when back online');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, wait);
          function done() {
            clearTimeout(timer);
            window.removeEventListener('online', done);
            resolve();
          }
          window.addEventListener('online', done);
        });
      }
    }
  })();
  return { element, ready };
}
