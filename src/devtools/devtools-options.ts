import { type Clock, systemClock } from '../env.js';

/** The options of `mountDevtools`, all optional. */
export interface DevtoolsOptions {
  /**
   * Where the panel goes. Given, the panel sits in the element's flow; without it, the panel floats over the page's
   * bottom right corner, appended to `document.body`.
   * @default document.body, floating
   */
  target?: HTMLElement;
  /**
   * Whether the panel starts expanded; collapsed, it shows its heading and a button to expand it.
   * @default true
   */
  open?: boolean;
  /**
   * Time for the ages of requests in flight and the timers of the panel's refreshes: pass the catalogue's own clock
   * when it is not the system's (a virtual clock in tests), so ages agree with the events' times.
   * @default the system clock
   */
  clock?: Clock;
  /**
   * The least time between two reads of `catalogue.storage()` after `stored`, `evicted` or `quarantined` events.
   * Each read walks every row of the store, so a burst of responses gives one read at its end, not one per response.
   * @default 2000
   */
  storageRefreshMs?: number;
  /**
   * How many of the last errors (`error`, `quarantined`, `mutationFailed` events) the panel lists, newest first.
   * @default 20
   */
  errorsShown?: number;
}

export interface ResolvedDevtoolsOptions {
  readonly target: HTMLElement;
  readonly floating: boolean;
  readonly open: boolean;
  readonly clock: Clock;
  readonly storageRefreshMs: number;
  readonly errorsShown: number;
}

function isElement(value: unknown): value is HTMLElement {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Node).nodeType === 1 &&
    typeof (value as Node).ownerDocument?.createElement === 'function'
  );
}

function integerOption(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new TypeError(`mountDevtools: ${name} must be an integer of at least ${min}, got ${String(value)}`);
  }
  return value;
}

/** Every default applied and every option checked once: the panel reads resolved options only. */
export function resolveDevtoolsOptions(options: DevtoolsOptions = {}): ResolvedDevtoolsOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('mountDevtools: options must be an object');
  let target = options.target;
  if (target !== undefined && !isElement(target)) throw new TypeError('mountDevtools: target must be an element');
  if (target === undefined) {
    const body = (globalThis as { document?: Document }).document?.body;
    if (!body) throw new TypeError('mountDevtools: no document here; pass `target`');
    target = body;
  }
  if (options.open !== undefined && typeof options.open !== 'boolean') {
    throw new TypeError('mountDevtools: open must be a boolean');
  }
  const clock = options.clock ?? systemClock;
  if (typeof clock.now !== 'function' || typeof clock.setTimeout !== 'function') {
    throw new TypeError('mountDevtools: clock must have now(), setTimeout() and clearTimeout()');
  }
  return {
    target,
    floating: options.target === undefined,
    open: options.open ?? true,
    clock,
    storageRefreshMs: integerOption(options.storageRefreshMs, 'storageRefreshMs', 2_000, 0),
    errorsShown: integerOption(options.errorsShown, 'errorsShown', 20, 1),
  };
}
