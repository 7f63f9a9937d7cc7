import { type Child, el } from './element.js';

/** How much of an answer the panel draws: a list page is small, a `pages()` envelope or a season can be large. */
export interface JsonTreeLimits {
  /** Items of an array (or keys of an object) shown; the rest are counted. */
  readonly items: number;
  /** Characters of a string shown. */
  readonly chars: number;
  /** Nodes drawn in all: past them, what is left is counted, not drawn. */
  readonly nodes: number;
}

export const JSON_TREE_LIMITS: JsonTreeLimits = { items: 20, chars: 160, nodes: 400 };

/** `"Severance"`, `12`, `null`, and a long string cut with its length. */
function scalar(value: unknown, chars: number): string {
  if (typeof value === 'string') {
    const shown = value.length > chars ? `${value.slice(0, chars)}…` : value;
    return `${JSON.stringify(shown)}${value.length > chars ? ` (${value.length} chars)` : ''}`;
  }
  return value === undefined ? 'undefined' : (JSON.stringify(value) ?? String(value));
}

/**
 * Draws `value` as a tree of `<details>` (objects and arrays: keyboard-operable and collapsible without script)
 * and lines (scalars). The root is open, the rest closed; each part is cut by `limits` and says how much it left.
 */
export function jsonTree(doc: Document, value: unknown, limits: JsonTreeLimits = JSON_TREE_LIMITS): HTMLElement {
  let budget = limits.nodes;
  const node = (label: string, item: unknown, open: boolean): HTMLElement => {
    budget -= 1;
    if (typeof item !== 'object' || item === null) {
      return el(doc, 'li', {}, el(doc, 'span', { class: 'json-key' }, label), ` ${scalar(item, limits.chars)}`);
    }
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((child, index) => [String(index), child])
      : Object.entries(item);
    const kind = Array.isArray(item) ? `[${entries.length}]` : `{${entries.length}}`;
    const shown: Child[] = [];
    for (const [key, child] of entries.slice(0, limits.items)) {
      if (budget <= 0) break;
      shown.push(node(key, child, false));
    }
    const left = entries.length - shown.length;
    if (left > 0) shown.push(el(doc, 'li', { class: 'note' }, `… ${left} more`));
    return el(
      doc,
      'li',
      {},
      el(
        doc,
        'details',
        { open },
        el(doc, 'summary', {}, el(doc, 'span', { class: 'json-key' }, label), ` ${kind}`),
        el(doc, 'ul', { class: 'json' }, shown),
      ),
    );
  };
  return el(doc, 'ul', { class: 'json', 'data-figure': 'view-data' }, node('data', value, true));
}
