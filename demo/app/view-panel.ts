/**
 * One live view on screen: loading, empty and offline states, a freshness badge ("updated 4 min ago", stale), and
 * the data rendered by the caller on every snapshot. A failure is not shown here: the panel reports it to the
 * screen (a bubbling `panelstate` event), which shows one calm message with Retry for all its panels.
 */
import { isNetworkError, isOfflineError, isServiceError, isTimeoutError, type ViewSnapshot } from '../../src/index.js';
import { h, keepFocus, replace, timeAgo } from './dom.js';
import { PANEL_STATE, type PanelState } from './screen-notice.js';
import { slowAnswer } from './slow-answer.js';

interface ViewLike<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ViewSnapshot<T>;
  /** Store and pages views revalidate on demand: the screen's Retry calls it. */
  refresh?(): Promise<void>;
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
  /** Hides the freshness line of a panel that sits under its screen's own (only "waiting for network" stays). */
  quiet?: boolean;
}

export function viewPanel<T>(view: ViewLike<T>, options: PanelOptions<T>): { element: HTMLElement; dispose(): void } {
  const body = h('div', { class: 'panel-body' });
  const meta = h('p', { class: 'freshness', 'aria-live': 'polite' });
  const element = h('div', { class: options.quiet ? 'panel quiet' : 'panel' }, meta, body);
  const refresh = view.refresh ? () => view.refresh?.() ?? Promise.resolve() : undefined;
  let reported: PanelState | undefined;
  const slow = slowAnswer(() => report(view.getSnapshot()));
  const report = (snapshot: ViewSnapshot<T>) => {
    slow.update(waitsForAnswer(snapshot, options));
    const failure = slow.isSlow() ? 'slow' : failureOf(snapshot.error);
    const state: PanelState = { failure, hasData: snapshot.data !== undefined, refresh };
    if (reported && reported.failure === state.failure && reported.hasData === state.hasData) return;
    reported = state;
    // After this turn: a new panel is placed on the screen by its caller just after it is made.
    queueMicrotask(() => element.dispatchEvent(new CustomEvent(PANEL_STATE, { bubbles: true, detail: state })));
  };
  // What the content was drawn from: a snapshot that only changes the freshness line (fetching, fresh → stale)
  // keeps the cards as they are instead of building them all again. Not with a footer, which may follow any
  // part of the snapshot (the pages asked for, say).
  let drawn: readonly unknown[] | undefined;
  const draw = () => {
    const snapshot = view.getSnapshot();
    replace(meta, ...freshnessLine(snapshot, options));
    report(snapshot);
    const inputs = [
      snapshot.data,
      snapshot.error,
      snapshot.data === undefined ? snapshot.status : '',
      options.online(),
    ];
    if (!options.footer && drawn?.every((input, index) => input === inputs[index])) return;
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
      slow.stop();
      unsubscribe();
    },
  };
}

function freshnessLine<T>(snapshot: ViewSnapshot<T>, options: PanelOptions<T>): Node[] {
  if (options.local) return [h('span', { class: 'badge local' }, 'from this device')];
  if (options.quiet)
    return snapshot.fetching && !options.online() ? [h('span', { class: 'updating' }, 'waiting for network')] : [];
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
    // What went wrong is the screen's message (with Retry): here, only that there is nothing to show.
    if (snapshot.error) return [state('empty', 'Nothing to show yet', `No ${options.what} saved on this device.`)];
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

/**
 * A page of cards (the service's 20) as placeholders: what arrives takes about the room they hold, so the rest of
 * the screen does not jump down when it does.
 */
function loadingState(): HTMLElement {
  const cards = Array.from({ length: 20 }, () => h('div', { class: 'card skeleton', 'aria-hidden': 'true' }));
  return h('div', { class: 'grid', 'aria-busy': 'true' }, h('span', { class: 'visually-hidden' }, 'Loading…'), cards);
}

/** Nothing to show and an answer on its way from the service (not a local view, not offline, not failed). */
function waitsForAnswer<T>(snapshot: ViewSnapshot<T>, options: PanelOptions<T>): boolean {
  return snapshot.data === undefined && snapshot.error === undefined && !options.local && options.online();
}

/** No answer at all (network, timeout, a 5xx) reads "Couldn't reach the service"; any other error is a refusal. */
function failureOf(error: unknown): PanelState['failure'] {
  if (error === undefined || error === null) return 'none';
  if (isNetworkError(error) || isTimeoutError(error) || isOfflineError(error)) return 'unreachable';
  return isServiceError(error) && error.status >= 500 ? 'unreachable' : 'failed';
}
