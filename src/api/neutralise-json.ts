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
 * `maxDepth`. Recursive, but never deeper than `maxDepth` + 1 calls: a node past the limit ends the walk, so a
 * hostile million-deep body cannot overflow the stack. It allocates nothing per node (every response's every record
 * goes through it while a sync runs).
 */
export function neutraliseJson(value: unknown, maxDepth = MAX_JSON_DEPTH): { ok: true } | { ok: false; depth: number } {
  const tooDeep = walk(value, 1, maxDepth);
  return tooDeep === 0 ? { ok: true } : { ok: false, depth: tooDeep };
}

/** 0 when `node` and everything under it is within `maxDepth`, else the depth of the first node beyond it. */
function walk(node: unknown, depth: number, maxDepth: number): number {
  if (typeof node !== 'object' || node === null) return 0;
  if (depth > maxDepth) return depth;
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const tooDeep = walk(node[index], depth + 1, maxDepth);
      if (tooDeep !== 0) return tooDeep;
    }
    return 0;
  }
  const record = node as Record<string, unknown>;
  for (const key of FORBIDDEN_KEYS) {
    if (Object.hasOwn(record, key)) delete record[key];
  }
  // `for…in` walks the keys without making an array of them; only own keys are followed.
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const tooDeep = walk(record[key], depth + 1, maxDepth);
    if (tooDeep !== 0) return tooDeep;
  }
  return 0;
}
