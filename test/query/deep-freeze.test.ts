import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../src/sync/view-snapshot.js';

/** Every object reachable from `value`, itself included. */
function objects(value: unknown, found: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value);
  for (const child of Object.values(value)) objects(child, found);
  return found;
}

describe('deepFreeze', () => {
  it('freezes every object and array all the way down, and returns the same value', () => {
    const page = {
      page: 1,
      results: [
        {
          id: 1,
          genre_ids: [18, 35],
          networks: [{ id: 49, logo: { path: '/a.png', sizes: [[1, 2]] } }],
          tagline: null,
        },
        { id: 2, genre_ids: [], networks: [] },
      ],
      total_pages: 1,
      total_results: 2,
    };
    const reachable = objects(page);
    expect(reachable).toHaveLength(12);
    expect(deepFreeze(page)).toBe(page);
    expect(reachable.filter((o) => !Object.isFrozen(o))).toEqual([]);
    const sizes = page.results[0]?.networks[0]?.logo.sizes[0] as number[];
    expect(() => sizes.push(3)).toThrow(TypeError);
  });

  it('leaves primitives alone, and takes an object already frozen as done', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBe(null);
    expect(deepFreeze('text')).toBe('text');
    // An answer already frozen (a snapshot's data shown again) is not walked a second time.
    const inner = { id: 1 };
    const done = Object.freeze({ inner });
    deepFreeze(done);
    expect(Object.isFrozen(inner)).toBe(false);
  });
});
