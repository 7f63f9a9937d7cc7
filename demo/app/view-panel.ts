/**
 * One live view on screen: loading, empty, error and offline states, a freshness badge ("updated 4 min ago",
 * stale), and the data rendered by the caller on every snapshot.
 */
import type { ViewSnapshot } from '../../src/index.js';
import { h, keepFocus, replace, timeAgo } from './dom.js';

interface ViewLike<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ViewSnapshot<T>;
}

export interface PanelOptions<T> {
  /** What the panel shows, for its messages: "trending series". */
  readonly what: string;
  render(data: T): Node | (Node | false | undefined)[];
  isEmpty?(data: T): boolean;
  /** Extra controls under the content (a "more" button), given the snapshot. */
  footer?(snapshot: ViewSnapshot<T>): Node | undefined;
  online(): boolean;
  /** Hides the freshness line (local views have no service lifetime). */
  local?: boolean;
}

export function viewPanel<T>(view: ViewLike<T>, options: PanelOptions<T>): { element: HTMLElement; dispose(): void } {
  const body = h('div', { class: 'panel-body' });
  const meta = h('p', { class: 'freshness', 'aria-live': 'polite' });
  const element = h('div', { class: 'panel' }, meta, body);
  // What the content was drawn from: a snapshot that only changes the freshness line (fetching, fresh → stale)
  // keeps the cards as they are instead of building them all again.
  let drawn: readonly unknown[] | undefined;
  const draw = () => {
    const snapshot = view.getSnapshot();
    replace(meta, ...freshnessLine(snapshot, options));
    const inputs = [
      snapshot.data,
      snapshot.error,
      snapshot.data === undefined ? `${snapshot.status}:${options.online()}` : '',
      // A footer (a "more" button) may show the fetching state.
      options.footer ? snapshot.fetching : false,
    ];
    if (drawn?.every((input, index) => input === inputs[index])) return;
    drawn = inputs;
    // A new snapshot redraws the content: the focused card or button is found again in the new one.
    keepFocus(
      body,
      () => replace(body, ...content(snapshot, options)),
      () => [...body.querySelectorAll<HTMLElement>('a[href], button')].at(-1),
    );
  };
  const unsubscribe = view.subscribe(draw);
  draw();
  // "updated N min ago" keeps counting while the screen stays open.
  const ticker = setInterval(() => replace(meta, ...freshnessLine(view.getSnapshot(), options)), 30_000);
  return {
    element,
    dispose() {
      clearInterval(ticker);
      unsubscribe();
    },
  };
}

function freshnessLine<T>(snapshot: ViewSnapshot<T>, options: PanelOptions<T>): Node[] {
  if (options.local) return [h('span', { class: 'badge local' }, 'from this device')];
  const parts: Node[] = [];
  if (snapshot.status === 'stale') parts.push(h('span', { class: 'badge stale', title: 'Past its lifetime' }, 'stale'));
  if (snapshot.status === 'fresh') parts.push(h('span', { class: 'badge fresh' }, 'fresh'));
  if (snapshot.updatedAt !== undefined) {
    parts.push(h('span', { class: 'updated' }, `updated ${timeAgo(snapshot.updatedAt)}`));
  }
  if (snapshot.fetching)
    parts.push(h('span', { class: 'updating' }, options.online() ? 'refreshing…' : 'waiting for network'));
  return parts;
}

function content<T>(snapshot: ViewSnapshot<T>, options: PanelOptions<T>): Node[] {
  const { data } = snapshot;
  if (data === undefined) {
    if (snapshot.error) return [errorState(options.what, snapshot.error)];
    if (snapshot.status === 'missing' && !options.online()) {
      return [
        state(
          'offline',
          `No ${options.what} saved on this device yet`,
          'Open this screen once while online and it will be here next time, network or not.',
        ),
      ];
    }
    return [loadingState()];
  }
  const parts: Node[] = [];
  if (snapshot.error)
    parts.push(h('p', { class: 'inline-error', role: 'status' }, `Could not refresh: ${message(snapshot.error)}`));
  if (options.isEmpty?.(data))
    parts.push(state('empty', `No ${options.what}`, 'None right now: the screen updates itself when there are.'));
  else parts.push(...[options.render(data)].flat().filter((part): part is Node => part instanceof Node));
  const footer = options.footer?.(snapshot);
  if (footer) parts.push(footer);
  return parts;
}

export function state(kind: 'empty' | 'offline' | 'error', title: string, detail: string): HTMLElement {
  return h(
    'div',
    { class: `state ${kind}`, role: kind === 'error' ? 'alert' : 'status' },
    h('strong', {}, title),
    h('p', {}, detail),
  );
}

function errorState(what: string, error: unknown): HTMLElement {
  return state('error', `Could not load ${what}`, message(error));
}

/**
 * A page of cards (the service's 20) as placeholders: what arrives takes about the room they hold, so the rest of
 * the screen does not jump down when it does.
 */
function loadingState(): HTMLElement {
  const cards = Array.from({ length: 20 }, () => h('div', { class: 'card skeleton', 'aria-hidden': 'true' }));
  return h('div', { class: 'grid', 'aria-busy': 'true' }, h('span', { class: 'visually-hidden' }, 'Loading…'), cards);
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
