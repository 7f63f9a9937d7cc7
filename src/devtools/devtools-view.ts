import type { DevtoolsPart, DevtoolsState } from './devtools-model.js';
import { partDrawers } from './draw-parts.js';
import { el, fill } from './element.js';

/** What the panel's buttons do. */
export interface DevtoolsCommands {
  toggle(): void;
  refreshStorage(): void;
  clearErrors(): void;
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

export const ALL_PARTS: readonly DevtoolsPart[] = ['queue', 'inFlight', 'outbox', 'quarantine', 'storage', 'errors'];

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

  const draw = partDrawers(doc);

  return {
    root,
    render(state, parts, now) {
      for (const name of parts) fill(content[name], draw[name](state, now));
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
