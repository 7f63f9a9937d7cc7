import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md is a map of the code: a path it names that no longer exists sends the next engineer to nothing.
 * Every path it names in backticks must exist: a path with a folder from the repository's root, a bare file name
 * at the root or somewhere under `src/`. `<name>` in a path stands for one name part (`registry/<group>-calls.ts`): at least one
 * file must match it.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The backticked spans of a Markdown text that name a path: a folder part, or a file name with an extension. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] as string);
  return spans.filter(
    (span) =>
      /^[\w.<>/-]+$/.test(span) &&
      !span.startsWith('catalogue-sync') &&
      (span.includes('/') || /\.(ts|md|json)$/.test(span)),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

/** A matcher of whole repository paths for one named path (`<…>`: one or more characters of one name). */
function pattern(path: string): RegExp {
  const parts = path.replace(/\/$/, '').split(/<[^>]+>/);
  const escaped = parts.map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

/** Whether a named path exists: from the root when it has a folder; when it has none, at the root or under `src/`. */
function exists(path: string, repository: readonly string[]): boolean {
  const wanted = pattern(path);
  if (path.includes('/')) {
    return path.includes('<') ? repository.some((file) => wanted.test(file)) : existsSync(join(ROOT, path));
  }
  if (!path.includes('<') && existsSync(join(ROOT, path))) return true;
  return repository.some((file) => file.startsWith('src/') && wanted.test(file.slice(file.lastIndexOf('/') + 1)));
}

describe('ARCHITECTURE.md names only paths that exist', () => {
  const repository = ['src', 'test', 'bench', 'demo'].flatMap((top) =>
    filesUnder(join(ROOT, top)).map((file) => file.slice(ROOT.length + 1)),
  );

  it('reads the paths of a text, and tells one that exists from one that does not (the check can fail)', () => {
    const text =
      'A `src/store/write/write-gate.ts`, `rows.ts`, `src/api/registry/<group>-calls.ts`, `src/store/`, ' +
      '`catalogue-sync/eager`, `writeThrough(db, plan)`, `WritePlan.rows`, `src/store/write-gate.ts`, `gone.ts`.';
    const paths = namedPaths(text);
    expect(paths).toEqual([
      'src/store/write/write-gate.ts',
      'rows.ts',
      'src/api/registry/<group>-calls.ts',
      'src/store/',
      'src/store/write-gate.ts',
      'gone.ts',
    ]);
    expect(paths.filter((path) => !exists(path, repository))).toEqual(['src/store/write-gate.ts', 'gone.ts']);
    expect(exists('src/api/registry/<group>-nothing.ts', repository)).toBe(false);
  });

  it('every path it names exists', () => {
    const paths = namedPaths(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => !exists(path, repository))).toEqual([]);
  });
});
