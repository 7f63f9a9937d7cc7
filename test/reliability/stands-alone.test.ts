import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openApiFile, readManifest, samplesDir } from '../helpers/samples.js';

/**
 * A user's clone has nothing beside it: every file a test, benchmark, the demo or CI reads must be inside the
 * repository. `.ci/run` proves it by running in a clone made in an empty folder; this test says where a reach
 * outside is, in any checkout, before CI.
 */
const root = resolve(fileURLToPath(new URL('../../', import.meta.url)));
const scanned = ['src', 'test', 'bench', 'demo', '.ci'];
const skipped = new Set(['node_modules', 'fixtures', 'results']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|js|mjs|json|html)$|^run$/.test(entry.name) ? [path] : [];
  });
}

const files = [
  ...scanned.flatMap((dir) => sourceFiles(join(root, dir))),
  ...['package.json', 'vitest.config.ts', 'vitest.e2e.config.ts'].map((file) => join(root, file)),
];

const inside = (path: string) => path === root || path.startsWith(root + sep);

describe('the repository stands alone', () => {
  it('finds the files it scans', () => {
    // A scan of nothing would pass whatever the tree holds.
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => file.endsWith(join('test', 'helpers', 'samples.ts')))).toBe(true);
  });

  it('names no path of the workplace outside the clone', () => {
    // Built from parts so this file does not match itself.
    const workplace = new RegExp(['(\\.\\./)+', 'shared/', '|', '/work/', 'shared'].join(''));
    const offenders = files.filter((file) => workplace.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });

  it('resolves every relative URL of a module inside the repository', () => {
    const urls = /new URL\(\s*'(\.{1,2}\/[^']*)',\s*import\.meta\.url\s*\)/g;
    const outside: string[] = [];
    for (const file of files) {
      for (const [, path] of readFileSync(file, 'utf8').matchAll(urls)) {
        if (path !== undefined && !inside(resolve(dirname(file), path)))
          outside.push(`${relative(root, file)}: ${path}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('carries the real samples and the OpenAPI description it reads', () => {
    expect(inside(fileURLToPath(samplesDir))).toBe(true);
    expect(inside(fileURLToPath(openApiFile))).toBe(true);
    // Every manifest entry's file is present: a partial copy fails here, not in a distant test.
    const missing = readManifest().filter((entry) => {
      try {
        readFileSync(new URL(entry.file, samplesDir));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing.map((entry) => entry.file)).toEqual([]);
    expect(readManifest().length).toBeGreaterThan(40);
  });
});
