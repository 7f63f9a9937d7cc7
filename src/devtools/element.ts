/** A tiny element builder for the panel: text goes in as text nodes, never as HTML. */

export type Child = Node | string | number | false | null | undefined;

/** `el(doc, 'td', { class: 'num' }, 42)`; `false` and `undefined` attributes are left out, `true` is present. */
export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Record<string, string | number | boolean | undefined> = {},
  ...children: (Child | readonly Child[])[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  fill(element, children);
  return element;
}

/** Replaces what `parent` holds. */
export function fill(parent: Element, children: readonly (Child | readonly Child[])[]): void {
  const nodes: (Node | string)[] = [];
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    nodes.push(typeof child === 'object' ? child : String(child));
  }
  parent.replaceChildren(...nodes);
}
