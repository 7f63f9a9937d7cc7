import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README lists the fake's control routes; this test reads the route table from its source
 * (`route('METHOD', '/path', …)` in control-routes.ts) and fails when the README's list differs from it.
 */
const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const source = readFileSync(join(root, 'src', 'testing', 'control-routes.ts'), 'utf8');

describe("the README's list of the fake's control routes", () => {
  it('is the route table of control-routes.ts, in order', () => {
    const declared = [...source.matchAll(/route\('(GET|POST|PUT|PATCH|DELETE)', '([^']+)'/g)].map(
      (match) => `${match[1]} /__fake${match[2]}`,
    );
    const listed = [...readme.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `(\/__fake[^`]*)` \|$/gm)].map(
      (match) => `${match[1]} ${match[2]}`,
    );
    expect(declared.length).toBeGreaterThan(10);
    expect(listed).toEqual(declared);
  });
});
