/**
 * How deep a response body may nest. The deepest real answer (a change item's image value inside a change group
 * inside `changes`) is under 8 levels; 64 is generous, and far below what structured cloning (IndexedDB) and
 * `JSON.stringify` survive: a 100k-deep body parses, but storing it would throw an untyped `RangeError`.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Keys that mean something to JavaScript objects rather than to the service. `JSON.parse` makes them plain own
 * properties, which is harmless until some merge (`Object.assign`, a deep merge, a spread into a setter) copies
 * them: then `__proto__` replaces a prototype and `constructor.prototype` reaches shared ones.
 */
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * Walks a value fresh from `JSON.parse`, deleting every forbidden key at any depth (the service never sends them,
 * so the data loses nothing: it is neutralised rather than rejected), and reports a body nested deeper than
 * `maxDepth`. Iterative, with an explicit stack: a recursive walk would itself overflow on the hostile input.
 */
export function neutraliseJson(value: unknown, maxDepth = MAX_JSON_DEPTH): { ok: true } | { ok: false; depth: number } {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > maxDepth) return { ok: false, depth };
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, depth + 1]);
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const key of FORBIDDEN_KEYS) {
      if (Object.hasOwn(record, key)) delete record[key];
    }
    for (const key of Object.keys(record)) stack.push([record[key], depth + 1]);
  }
  return { ok: true };
}
