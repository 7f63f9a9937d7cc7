/**
 * What the movie, series and person screens share: one live detail view drives the screen. Until it has data the
 * screen shows its heading and a loading line; then it draws the record, and again whenever the stored answer
 * changes (a refresh, another tab). Parts that read other views are mounted once the record is known, so an id the
 * service does not know starts nothing else, and it ends in one "Not found" screen instead of panels. Any other
 * failure is reported to the screen's notice like a panel's (one calm message with Retry, no developer detail).
 */
import { isNetworkError, isOfflineError, isServiceError, isTimeoutError, type ViewSnapshot } from '../../src/index.js';
import { h, replace, timeAgo } from './dom.js';
import { notFoundParts } from './not-found.js';
import { PANEL_STATE, type PanelState } from './screen-notice.js';
import { slowAnswer } from './slow-answer.js';
import { state } from './view-panel.js';

interface ViewLike<T> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ViewSnapshot<T>;
  refresh(): Promise<void>;
}

export interface DetailOptions<T> {
  /** What the screen shows, for its messages: "movie". */
  readonly what: string;
  /** The screen's heading (`#screen-title`): kept, so the tab's title follows it to "Not found" too. */
  readonly heading: HTMLElement;
  /** The screen's section: emptied down to the not-found message when the service does not know the id. */
  readonly section: HTMLElement;
  /** Where loading, offline and error states go while there is no data. */
  readonly status: HTMLElement;
  online(): boolean;
  /** Draws the record, on every snapshot that has data. */
  draw(data: T): void;
  /** Mounts the parts that read other views, the first time the record is known; returns what stops them. */
  mount?(data: T): () => void;
  /**
   * What a list saved of the record (`catalogue.local.summary`), drawn while the details are not on the device:
   * offline, a title never opened still shows its name, picture, year, rating and overview.
   */
  readonly placeholder?: Placeholder<unknown>;
}

/** A record's placeholder from a summary view (`catalogue.local.summary`) and how to draw it. */
export function placeholderOf<S>(view: Placeholder<S>['view'], draw: (summary: S) => void): Placeholder<unknown> {
  return { view, draw: draw as (summary: unknown) => void };
}

/** A section the details fill, while only the summary is on the device: offline it waits for a connection. */
export function needsConnection(what: string): HTMLElement {
  return navigator.onLine
    ? h('p', { class: 'freshness', 'aria-busy': 'true' }, `${what}: loading…`)
    : state('offline', `${what}: needs a connection`, 'It shows here once the full details have been loaded.');
}

export interface Placeholder<S> {
  readonly view: {
    subscribe(listener: () => void): () => void;
    getSnapshot(): { readonly data: S | undefined };
  };
  /** Draws the summary, and says in each section the details would fill that it needs a connection. */
  draw(summary: S): void;
}

/** The service's "no such record" (HTTP 404, status_code 34), as opposed to a failure worth showing as one. */
export function isNotFound(error: unknown): boolean {
  return isServiceError(error) && (error.statusCode === 34 || error.status === 404);
}

export function followDetails<T>(view: ViewLike<T>, options: DetailOptions<T>): () => void {
  const { heading, section, status } = options;
  let stopParts: (() => void) | undefined;
  let notFound = false;
  let reported: PanelState | undefined;
  const refresh = () => view.refresh();
  /** Tells the screen's notice how the record's view stands, as every panel does (`screen-notice.ts`). */
  const slow = slowAnswer(() => report(view.getSnapshot()));
  const report = (snapshot: ViewSnapshot<T>) => {
    slow.update(!notFound && snapshot.data === undefined && snapshot.error === undefined && options.online());
    const failure = notFound ? 'none' : slow.isSlow() ? 'slow' : failureOf(snapshot.error);
    const next: PanelState = { failure, hasData: snapshot.data !== undefined, refresh };
    if (reported && reported.failure === next.failure && reported.hasData === next.hasData) return;
    reported = next;
    queueMicrotask(() => status.dispatchEvent(new CustomEvent(PANEL_STATE, { bubbles: true, detail: next })));
  };
  const draw = () => {
    const snapshot = view.getSnapshot();
    if (notFound) return;
    report(snapshot);
    if (snapshot.data !== undefined) {
      // The details are here: the summary has nothing more to offer.
      stopPlaceholder?.();
      stopPlaceholder = undefined;
      delete section.dataset.placeholder;
      replace(status, ...freshness(snapshot, options.online()));
      options.draw(snapshot.data);
      stopParts ??= options.mount?.(snapshot.data) ?? (() => {});
      return;
    }
    if (isNotFound(snapshot.error)) {
      notFound = true;
      report(snapshot);
      stopParts?.();
      replace(heading, 'Not found');
      replace(
        section,
        heading,
        notFoundParts(
          `The service has no ${options.what} with this id: the link may be wrong, or the ${options.what} gone.`,
        ),
      );
      return;
    }
    const summary = stopPlaceholder ? options.placeholder?.view.getSnapshot().data : undefined;
    if (summary !== undefined && options.placeholder) {
      section.dataset.placeholder = 'true';
      options.placeholder.draw(summary);
      replace(
        status,
        h(
          'p',
          { class: 'freshness' },
          h('span', { class: 'badge local' }, 'saved summary'),
          h(
            'span',
            { class: 'updated' },
            options.online()
              ? `What a list saved of this ${options.what}, while the rest loads.`
              : `What a list saved of this ${options.what}: the rest needs a connection.`,
          ),
        ),
      );
      return;
    }
    if (snapshot.error) {
      // What went wrong is the screen's notice (with Retry): here, only that there is nothing to show.
      replace(status, state('empty', 'Nothing to show yet', `This ${options.what} is not saved on this device.`));
    } else if (snapshot.status === 'missing' && !options.online()) {
      replace(
        status,
        state(
          'offline',
          `This ${options.what} is not saved on this device yet`,
          'Open it once while online and it will be here next time, network or not.',
        ),
      );
    } else {
      replace(status, h('p', { class: 'freshness', 'aria-busy': 'true' }, `Loading the ${options.what}…`));
    }
  };
  const unsubscribe = view.subscribe(draw);
  // The summary a list saved, until the details arrive: drawn under the same status line rules.
  let stopPlaceholder = options.placeholder?.view.subscribe(() => draw());
  draw();
  // "updated N min ago" keeps counting while the screen stays open.
  const ticker = setInterval(() => {
    const snapshot = view.getSnapshot();
    if (!notFound && snapshot.data !== undefined) replace(status, ...freshness(snapshot, options.online()));
  }, 30_000);
  return () => {
    clearInterval(ticker);
    stopPlaceholder?.();
    slow.stop();
    unsubscribe();
    stopParts?.();
  };
}

function freshness<T>(snapshot: ViewSnapshot<T>, online: boolean): Node[] {
  const parts: Node[] = [];
  if (snapshot.status === 'stale') parts.push(h('span', { class: 'badge stale', title: 'Past its lifetime' }, 'stale'));
  if (snapshot.status === 'fresh') parts.push(h('span', { class: 'badge fresh' }, 'fresh'));
  if (snapshot.updatedAt !== undefined)
    parts.push(h('span', { class: 'updated' }, `updated ${timeAgo(snapshot.updatedAt)}`));
  if (snapshot.fetching) parts.push(h('span', { class: 'updating' }, online ? 'refreshing…' : 'waiting for network'));
  return [h('p', { class: 'freshness' }, parts)];
}

function failureOf(error: unknown): PanelState['failure'] {
  if (error === undefined || error === null) return 'none';
  if (isNetworkError(error) || isTimeoutError(error) || isOfflineError(error)) return 'unreachable';
  return isServiceError(error) && error.status >= 500 ? 'unreachable' : 'failed';
}

/** "★ 7.4" (the vote count in its title), or "Not rated yet" when nobody voted (a 0.0 would read as a bad rating). */
export function ratingLabel(average: number, count: number): HTMLElement {
  if (count === 0) return h('span', { class: 'rating' }, 'Not rated yet');
  const votes = `${count.toLocaleString('en-US')} vote${count === 1 ? '' : 's'}`;
  return h(
    'span',
    { class: 'rating', title: `Rated ${average.toFixed(1)} of 10 by ${votes}` },
    `★ ${average.toFixed(1)}`,
  );
}

/** Keeps only what has a value, joined by " · " (a subtitle line). */
export function facts(...parts: (string | Node | false | null | undefined)[]): (string | Node)[] {
  const kept = parts.filter((part): part is string | Node => part !== '' && part !== false && part != null);
  return kept.flatMap((part, index) => (index === 0 ? [part] : [' · ', part]));
}
