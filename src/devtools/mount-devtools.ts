import type { TimerHandle } from '../env.js';
import type { Catalogue } from '../index.js';
import { DevtoolsModel, type DevtoolsPart } from './devtools-model.js';
import { type DevtoolsOptions, resolveDevtoolsOptions } from './devtools-options.js';
import { adoptStyles } from './devtools-styles.js';
import { ALL_PARTS, createDevtoolsView } from './devtools-view.js';

/** A mounted panel. */
export interface DevtoolsHandle {
  /** Whether the panel is expanded. */
  readonly open: boolean;
  /** Expands or collapses the panel (flips it without an argument). */
  toggle(open?: boolean): void;
  /** Reads `catalogue.storage()` now and shows it; resolves when it is shown. */
  refreshStorage(): Promise<void>;
  /** Removes the panel's nodes, its listeners on the catalogue and its timers. Calling it again does nothing. */
  unmount(): void;
}

/** The element the panel's shadow root hangs from: a name no page rule for `div` or `section` matches. */
const HOST_TAG = 'catalogue-sync-devtools';
/** How often the ages of requests in flight are redrawn while any are shown. */
const AGE_TICK_MS = 1_000;

/**
 * Mounts the developer panel of a catalogue: queue depth and rate, requests in flight, the live keys of views
 * (status, freshness, observers, data; refetch, invalidate, remove), the outbox and its rows,
 * quarantine, storage by kind and the last errors, all live. Plain DOM in a shadow root, styled by a constructed
 * stylesheet (a strict CSP allows it); it shows only what events and views carry, which is credential-free.
 *
 * ```ts
 * const devtools = mountDevtools(catalogue);
 * devtools.unmount();
 * ```
 */
export function mountDevtools(catalogue: Catalogue, options?: DevtoolsOptions): DevtoolsHandle {
  if (typeof catalogue?.on !== 'function' || typeof catalogue.storage !== 'function') {
    throw new TypeError('mountDevtools: the first argument must be a catalogue made by createCatalogue');
  }
  const resolved = resolveDevtoolsOptions(options);
  const { clock } = resolved;
  const doc = resolved.target.ownerDocument;
  const host = doc.createElement(HOST_TAG);
  host.className = HOST_TAG;
  host.dataset.placement = resolved.floating ? 'floating' : 'inline';
  const shadow = host.attachShadow({ mode: 'open' });
  adoptStyles(shadow);

  let open = resolved.open;
  let mounted = true;
  let dirty = new Set<DevtoolsPart>();
  let drawScheduled = false;
  let ageTimer: TimerHandle | undefined;

  // Events come in bursts (a `stats` per request start and end): draws wait for the end of the current task.
  const draw = () => {
    drawScheduled = false;
    if (!mounted || !open) return;
    const parts = dirty;
    dirty = new Set();
    view.render(model.state, parts, clock.now());
    scheduleAgeTick();
  };
  const changed = (parts: ReadonlySet<DevtoolsPart>) => {
    for (const part of parts) dirty.add(part);
    if (drawScheduled || !open) return;
    drawScheduled = true;
    queueMicrotask(draw);
  };
  /** The parts whose ages grow without events: requests in flight, live keys. */
  const aging = (): Set<DevtoolsPart> => {
    const { inFlight, views } = model.state;
    const parts = new Set<DevtoolsPart>();
    if (inFlight.length > 0) parts.add('inFlight');
    if ((views.entries?.length ?? 0) > 0) parts.add('views');
    return parts;
  };
  /** Redraws those ages each second while any is shown. */
  const scheduleAgeTick = () => {
    if (ageTimer !== undefined || !open || aging().size === 0) return;
    ageTimer = clock.setTimeout(() => {
      ageTimer = undefined;
      changed(aging());
    }, AGE_TICK_MS);
  };
  const stopAgeTick = () => {
    if (ageTimer === undefined) return;
    clock.clearTimeout(ageTimer);
    ageTimer = undefined;
  };

  const model = new DevtoolsModel(catalogue, resolved, changed);
  const setOpen = (next: boolean) => {
    if (!mounted) return;
    open = next;
    host.dataset.open = String(open);
    view.setOpen(open);
    model.setActive(open);
    if (open) {
      // Collapsed, nothing was drawn: draw everything once.
      dirty = new Set(ALL_PARTS);
      draw();
    } else stopAgeTick();
  };
  const view = createDevtoolsView(doc, {
    toggle: () => setOpen(!open),
    refreshStorage: () => void model.refreshStorage(),
    clearErrors: () => model.clearErrors(),
    selectView: (requestKey) => model.selectView(requestKey),
    actOnView: (action, requestKey) => void model.actOnView(action, requestKey),
  });
  shadow.append(view.root);
  resolved.target.append(host);
  setOpen(open);

  return {
    get open() {
      return open;
    },
    toggle(next) {
      setOpen(next ?? !open);
    },
    refreshStorage: async () => {
      await model.refreshStorage();
      // Shown by the draw the change scheduled (a microtask): resolve after it.
      await Promise.resolve();
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      stopAgeTick();
      model.dispose();
      view.dispose();
      host.remove();
    },
  };
}
