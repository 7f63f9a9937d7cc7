/**
 * The end of a paged list: a sentinel that loads the next page as it nears the screen (infinite scroll), and a
 * visible "Show more" button that does the same for the keyboard and assistive technology. Offline, a page that
 * is not stored waits for the network: the footer says "Connect to load more" instead of spinning.
 */
import { h, replace } from './dom.js';

interface Paged {
  readonly hasNextPage: boolean;
  fetchNextPage(): Promise<void>;
}

interface PagedSnapshot {
  readonly data: { readonly page: number; readonly results: readonly unknown[] } | undefined;
  readonly pageCount: number;
  readonly error: unknown;
  /** The page on its way: `loading` while it is read from the device, `missing` when the device has none. */
  readonly nextPageStatus?: string | undefined;
}

export interface MorePages {
  readonly element: HTMLElement;
  /** Draws the footer for the list's latest snapshot (and loads on when the sentinel is still in view). */
  update(snapshot: PagedSnapshot): void;
  dispose(): void;
}

/** How far below the screen the next page is asked for. */
const AHEAD_PX = 400;

export function morePages(view: Paged, online: () => boolean): MorePages {
  const sentinel = h('div', { class: 'more-sentinel', 'aria-hidden': 'true' });
  const button = h('button', { class: 'button more', type: 'button', id: 'show-more' }, 'Show more');
  const note = h('p', { class: 'more-note', role: 'status' });
  const element = h('div', { class: 'more-pages' }, sentinel, button, note);
  let inView = false;
  let waiting = false;
  /** Rows shown when Show more was pressed: the first row after them takes the focus once it is drawn. */
  let focusFrom: number | undefined;
  let shownRows = 0;
  const next = () => {
    if (view.hasNextPage && !waiting) void view.fetchNextPage();
  };
  button.addEventListener('click', () => {
    // Also when the page is on its way already (scrolling the button into view brought the sentinel near): the
    // keyboard still lands on the first row after those shown now.
    if (waiting || view.hasNextPage) focusFrom = shownRows;
    next();
  });
  // A margin below the screen: the next page is asked for a little before the end is reached.
  const observer = new IntersectionObserver(
    (entries) => {
      inView = entries.some((entry) => entry.isIntersecting);
      if (inView && !waiting) next();
    },
    { rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
  );
  // The observer reports a move a frame late: just after a page is drawn, `inView` still says where the sentinel
  // was before the new rows pushed it down. Its position now decides.
  const stillNear = () => sentinel.isConnected && sentinel.getBoundingClientRect().top <= window.innerHeight + AHEAD_PX;
  observer.observe(sentinel);
  return {
    element,
    update(snapshot) {
      // The panel redraws its content on every snapshot, taking the button out and back: its focus goes back too.
      const focused = document.activeElement === button;
      const shown = snapshot.data?.page ?? 0;
      // A page asked for and not shown yet: loading, or (offline, not stored) waiting for the network.
      waiting = snapshot.data !== undefined && snapshot.pageCount > shown;
      // Offline, only a page the device turned out not to hold waits for the network: one still being read from
      // the device is on its way.
      const paused = waiting && !online() && snapshot.nextPageStatus === 'missing';
      // While a page loads the button stays, inert; it leaves the page (its own `display` would win over `hidden`)
      // when there is no next page, or none before the network.
      button.setAttribute('aria-disabled', String(waiting));
      replace(element, sentinel, (view.hasNextPage || (waiting && !paused)) && button, note);
      if (paused) replace(note, 'Connect to load more');
      else if (waiting) replace(note, snapshot.error === undefined ? 'Loading more…' : 'Couldn’t load more.');
      else replace(note);
      note.setAttribute('aria-busy', String(waiting && !paused));
      // The sentinel may still be in view after a page arrived (a tall screen): the observer will not fire again.
      if (inView && !waiting) queueMicrotask(() => stillNear() && next());
      shownRows = snapshot.data?.results.length ?? 0;
      const from = focusFrom;
      if (from !== undefined && shownRows > from) {
        // The page asked for from the button has arrived: the keyboard goes on from its first new row, not from a
        // button pushed below them.
        focusFrom = undefined;
        queueMicrotask(() => firstNewRow(element, from)?.focus());
      } else if (focused) queueMicrotask(() => button.isConnected && button.focus({ preventScroll: true }));
    },
    dispose() {
      observer.disconnect();
    },
  };
}

/** The list's row at `index` (its link), in the panel the footer closes. */
function firstNewRow(footer: HTMLElement, index: number): HTMLElement | undefined {
  const rows = footer.parentElement?.querySelectorAll<HTMLElement>('a.card') ?? [];
  return rows[index];
}
