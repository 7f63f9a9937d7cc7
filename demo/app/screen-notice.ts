/**
 * One calm message per screen when some of its views failed to load ("Couldn't reach the service. Showing saved
 * data."), with a Retry button that refreshes the screen's views. Panels report their state with a bubbling
 * `panelstate` event (`view-panel.ts`), so a screen needs no wiring; the developer detail stays out of the page
 * (the devtools panel lists the last errors).
 */
import { h, replace } from './dom.js';

export const PANEL_STATE = 'panelstate';

/** What a panel reports when its view's state changes. */
export interface PanelState {
  /**
   * `unreachable`: no answer came back (network, timeout, a 5xx); `failed`: the service refused; `slow`: nothing to
   * show yet and no answer for a while (`slow-answer.ts`).
   */
  readonly failure: 'none' | 'unreachable' | 'failed' | 'slow';
  /** The panel still shows stored data. */
  readonly hasData: boolean;
  /** Revalidates the panel's view now (a local view has none). */
  readonly refresh: (() => Promise<void>) | undefined;
}

export interface ScreenNotice {
  readonly element: HTMLElement;
  /** A new screen is shown: forget the previous one's panels. */
  reset(): void;
  /** Refreshes every view on the screen; resolves when they have answered (or failed again). */
  retry(): Promise<void>;
}

/** Listens on `root` (the page's `main`) for its panels' states. */
export function screenNotice(root: HTMLElement): ScreenNotice {
  const panels = new Map<EventTarget, PanelState>();
  const text = h('p', {});
  const button = h('button', { class: 'button', type: 'button', id: 'screen-retry' }, 'Retry');
  const element = h('div', { class: 'state offline screen-notice', role: 'status', hidden: true }, text, button);
  /** The panels still on the screen (a redrawn part of it drops its old ones). */
  const onScreen = () => [...panels].filter(([panel]) => panel instanceof Node && root.contains(panel));
  const draw = () => {
    const failing = onScreen()
      .map(([, state]) => state)
      .filter((state) => state.failure !== 'none');
    element.hidden = failing.length === 0;
    if (failing.length === 0) return;
    if (failing.every((state) => state.failure === 'slow')) {
      // Still waiting, not failed: say so, and offer what this device already holds meanwhile.
      replace(
        text,
        'This is taking longer than usual: the service has not answered yet. ',
        h('a', { href: '#/discover?saved=1' }, 'Browse the series saved on this device'),
        '.',
      );
      return;
    }
    const what = failing.some((state) => state.failure === 'unreachable')
      ? 'Couldn’t reach the service.'
      : 'Couldn’t load this screen.';
    replace(text, what, failing.some((state) => state.hasData) ? ' Showing saved data.' : '');
  };
  root.addEventListener(PANEL_STATE, (event) => {
    if (event.target) panels.set(event.target, (event as CustomEvent<PanelState>).detail);
    draw();
  });
  const retry = async () => {
    const refreshes = onScreen().flatMap(([, state]) => (state.refresh ? [state.refresh()] : []));
    await Promise.allSettled(refreshes);
  };
  button.addEventListener('click', () => {
    // Not `disabled`, which would drop the keyboard focus to <body>: a second press while retrying does nothing.
    if (button.getAttribute('aria-disabled') === 'true') return;
    button.setAttribute('aria-disabled', 'true');
    replace(button, 'Retrying…');
    void retry().finally(() => {
      button.removeAttribute('aria-disabled');
      replace(button, 'Retry');
      // The screen is back and the notice gone with its button: the focus goes to the screen's heading.
      if (element.hidden && (document.activeElement === button || document.activeElement === document.body))
        focusHeading(root);
    });
  });
  return {
    element,
    reset() {
      panels.clear();
      draw();
    },
    retry,
  };
}

/** Moves the focus to the screen's heading (`#screen-title`), made focusable from script for it. */
export function focusHeading(root: HTMLElement): void {
  const heading = root.querySelector<HTMLElement>('#screen-title');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
