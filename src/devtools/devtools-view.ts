import type { DevtoolsPart, DevtoolsState } from './devtools-model.js';
import { partDrawers } from './draw-parts.js';
import { el, fill } from './element.js';
import type { ViewAction } from './views-model.js';

/** What the panel's buttons do. */
export interface DevtoolsCommands {
  toggle(): void;
  refreshStorage(): void;
  clearErrors(): void;
  /** Selects a live key (undefined: none). */
  selectView(requestKey: string | undefined): void;
  actOnView(action: ViewAction, requestKey: string): void;
}

export interface DevtoolsView {
  /** The region landmark, to put into a shadow root. */
  readonly root: HTMLElement;
  /** Draws the parts named from `state`; `now` is the clock time ages are measured to. */
  render(state: DevtoolsState, parts: Iterable<DevtoolsPart>, now: number): void;
  setOpen(open: boolean): void;
  /** Removes the buttons' listeners. */
  dispose(): void;
}

export const ALL_PARTS: readonly DevtoolsPart[] = [
  'queue',
  'inFlight',
  'views',
  'outbox',
  'quarantine',
  'storage',
  'errors',
];

const ACTIONS: ReadonlySet<string> = new Set<ViewAction>(['refetch', 'invalidate', 'remove']);

/**
 * The panel's DOM: a labelled region whose heading holds the expand/collapse button, and one section per part. The
 * buttons stay where they are between draws (only the parts' contents are replaced), so keyboard focus stays too.
 */
export function createDevtoolsView(doc: Document, commands: DevtoolsCommands): DevtoolsView {
  const stops: (() => void)[] = [];
  const button = (label: string, attributes: Record<string, string>, onClick: () => void) => {
    const element = el(doc, 'button', { type: 'button', ...attributes }, label);
    const listener = () => onClick();
    element.addEventListener('click', listener);
    stops.push(() => element.removeEventListener('click', listener));
    return element;
  };
  const content: Record<DevtoolsPart, HTMLElement> = {
    queue: el(doc, 'div', { 'data-part': 'queue' }),
    inFlight: el(doc, 'div', { 'data-part': 'in-flight' }),
    views: el(doc, 'div', { 'data-part': 'views' }),
    outbox: el(doc, 'div', { 'data-part': 'outbox' }),
    quarantine: el(doc, 'div', { 'data-part': 'quarantine' }),
    storage: el(doc, 'div', { 'data-part': 'storage' }),
    errors: el(doc, 'div', { 'data-part': 'errors' }),
  };
  const part = (id: string, title: string, body: HTMLElement, action?: HTMLButtonElement) =>
    el(
      doc,
      'section',
      { class: 'part', 'aria-labelledby': `csd-${id}` },
      el(doc, 'div', { class: 'part-head' }, el(doc, 'h3', { id: `csd-${id}` }, title), action),
      body,
    );
  const toggle = button('Hide', { 'aria-expanded': 'true', 'aria-controls': 'csd-body', class: 'toggle' }, () =>
    commands.toggle(),
  );
  const body = el(
    doc,
    'div',
    { class: 'body', id: 'csd-body' },
    part('queue', 'Queue and rate', content.queue),
    part('in-flight', 'In flight', content.inFlight),
    part('views', 'Views', content.views),
    part('outbox', 'Outbox', content.outbox),
    part('quarantine', 'Quarantine', content.quarantine),
    part(
      'storage',
      'Storage',
      content.storage,
      button('Refresh', { 'aria-label': 'Refresh storage figures' }, () => commands.refreshStorage()),
    ),
    part(
      'errors',
      'Last errors',
      content.errors,
      button('Clear', { 'aria-label': 'Clear the errors' }, () => commands.clearErrors()),
    ),
  );
  const root = el(
    doc,
    'section',
    { class: 'panel', 'aria-labelledby': 'csd-title' },
    el(doc, 'div', { class: 'bar' }, el(doc, 'h2', { id: 'csd-title' }, 'Catalogue devtools'), toggle),
    body,
  );

  // The Views pane's buttons are drawn again with the list: one listener on the pane serves them all.
  let selected: string | undefined;
  const onViewsClick = (event: Event) => {
    const target = event.target as Element | null;
    const pressed = target?.closest?.('button[data-key]');
    const key = pressed?.getAttribute('data-key');
    if (!pressed || key === null || key === undefined) return;
    const action = pressed.getAttribute('data-action');
    if (action !== null && ACTIONS.has(action)) commands.actOnView(action as ViewAction, key);
    else commands.selectView(key === selected ? undefined : key);
  };
  content.views.addEventListener('click', onViewsClick);
  stops.push(() => content.views.removeEventListener('click', onViewsClick));

  const draw = partDrawers(doc);

  return {
    root,
    render(state, parts, now) {
      selected = state.views.selected;
      for (const name of parts) {
        const container = content[name];
        // Drawn again under the keyboard (a list that changes every second): focus goes back to the same button.
        const active = (container.getRootNode() as Document | ShadowRoot).activeElement ?? null;
        const focus = active && container.contains(active) ? active.getAttribute('data-focus') : null;
        fill(container, draw[name](state, now));
        if (focus === null) continue;
        const again = [...container.querySelectorAll<HTMLElement>('[data-focus]')].find(
          (element) => element.getAttribute('data-focus') === focus,
        );
        again?.focus();
      }
    },
    setOpen(open) {
      body.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      fill(toggle, [open ? 'Hide' : 'Show']);
    },
    dispose() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}
