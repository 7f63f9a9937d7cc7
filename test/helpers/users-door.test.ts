import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Tests go through the door users get (the main entry's `createCatalogue`, through `catalogueWorld`), so what they
 * show is what users get. The eager entry is imported only where the entry itself is under test or no dynamic
 * import can run; a fixture asked for the eager door says why right above.
 */
const TEST = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The files that may import the eager entry, and why. */
const EAGER_IMPORTERS: Record<string, string> = {
  'helpers/catalogue-world.ts': 'the fixture: its eager door',
  'first-read/front-door.test.ts': 'tests the two entries side by side',
  'query/subscribe-rules.test.ts': 'the same subscribe rules behind both entries',
  'e2e/pages/main.ts': 'a browser page of the eager entry',
  'e2e/sw-page/main.ts': 'the page next to a service worker, on the same core',
  'e2e/sw-page/sw.ts': 'a service worker, where import() throws',
};

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const files = testFiles(TEST).map((path) => ({ name: relative(TEST, path), text: readFileSync(path, 'utf8') }));

describe("tests go through the users' door", () => {
  it('only the files that test the eager entry itself, or run where import() cannot, import it', () => {
    const importers = files
      .filter(({ text }) => /from\s+'[./]*src\/eager-entry(\.js)?'|import\(\s*'[./]*src\/eager-entry/.test(text))
      .map(({ name }) => name)
      .sort();
    expect(importers).toEqual(Object.keys(EAGER_IMPORTERS).sort());
  });

  it("every fixture asked for the eager door says why in a comment just above (the fixture's own tests aside)", () => {
    const unexplained: string[] = [];
    for (const { name, text } of files) {
      if (name.startsWith('helpers/') && name.endsWith('.test.ts')) continue;
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (!/door: 'eager'/.test(line)) return;
        const above = lines.slice(Math.max(0, i - 4), i + 1);
        const explained = above.some((l) => /^\s*(\/\/|\*|\/\*\*).*\beager\b/i.test(l));
        if (!explained) unexplained.push(`${name}:${i + 1}`);
      });
    }
    expect(unexplained).toEqual([]);
  });
});
