/** A tiny element builder: the demo needs no UI framework, only a safe way to build DOM (never innerHTML). */

type Child = Node | string | number | false | null | undefined;
type Attributes = Record<string, string | number | boolean | undefined | EventListener>;

/** `h('a', { href: '#/x', class: 'card' }, 'text', child)`; `on*` attributes become listeners, `false` omits. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces everything inside `parent`. */
export function replace(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** "just now", "4 min ago", "3 h ago", "2 days ago". */
export function timeAgo(at: number, now: number = Date.now()): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

export function year(date: string | null | undefined): string {
  return date ? date.slice(0, 4) : '—';
}

/**
 * A stable name for a control across redraws: its `data-focus-key` (`remove:42`: a kind, then an id), its `id`,
 * or a link's `href`.
 */
function focusKey(element: Element): string | undefined {
  return (
    element.getAttribute('data-focus-key') ??
    (element.id || undefined) ??
    (element instanceof HTMLAnchorElement ? `href:${element.getAttribute('href')}` : undefined)
  );
}

/**
 * Runs `redraw`, which replaces what `container` holds, and keeps the keyboard focus where it was: on the new
 * control with the same key; when that control is gone (a removed row), on the control of the same kind that took
 * its place, or the one before it; else on `fallback()`. Without this, the next Tab would start from the top.
 */
export function keepFocus(
  container: Element,
  redraw: () => void,
  fallback?: () => HTMLElement | null | undefined,
): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active)) {
    redraw();
    return;
  }
  const key = focusKey(active);
  const kind = key?.includes(':') ? `${key.slice(0, key.indexOf(':'))}:` : undefined;
  const ofKind = (root: Element) =>
    kind
      ? [...root.querySelectorAll<HTMLElement>('[data-focus-key]')].filter((el) => focusKey(el)?.startsWith(kind))
      : [];
  const index = ofKind(container).indexOf(active);
  redraw();
  if (active.isConnected) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('a[href], button, select, input, [data-focus-key]')];
  const same = key === undefined ? undefined : focusable.find((el) => focusKey(el) === key);
  const siblings = ofKind(container);
  const neighbour = index < 0 ? undefined : (siblings[index] ?? siblings[siblings.length - 1]);
  (same ?? neighbour ?? fallback?.())?.focus({ preventScroll: true });
}
