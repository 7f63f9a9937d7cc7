import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-package.js';
import { extractSnippets, type Snippet } from './readme-blocks.js';

/**
 * Every ```ts block of README.md, type-checked against the built package as a user's project sees it: each block is
 * a module of its own in `.tmp-readme/`, where `node_modules/catalogue-sync` links to the repository, so
 * `catalogue-sync`, `/sw`, `/testing` and `/testing/node` resolve through `exports` to `dist/*.d.ts`. One tsc run
 * over all of them; an error is reported at its README line.
 *
 * What a snippet takes as given (the reader's token, their render function, ids from their app, a catalogue made
 * as the README shows) is declared in PRELUDE, and nothing else.
 */
const PRELUDE = `// What the README's snippets take from the reader's app.
declare const accessToken: string;
declare function getTokenFromSomewhereSafe(): Promise<string>;
declare function render(value: unknown): void;
/** React's, as the README uses it. */
declare function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T;
/** A catalogue made as "The catalogue" shows. */
declare const catalogue: import('catalogue-sync').Catalogue;
declare const account_id: number;
declare const session_id: string;
declare const list_id: number;
declare const media_id: number;
declare const signal: AbortSignal;
/** Vite's \`import.meta.env\` (vite/client), with the variables the README's options module reads. */
interface ImportMetaEnv {
  readonly VITE_TMDB_TOKEN: string;
  readonly VITE_TMDB_BASE_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
`;

function tsconfig(lib: string[], include: string): object {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib,
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    },
    include: ['prelude.d.ts', include],
  };
}

/**
 * A page's blocks are checked with the DOM lib; a block after `<!-- snippet: worker -->` is service-worker code,
 * checked with the WebWorker lib instead (the two libs conflict in one program).
 */
const PROJECTS = {
  page: tsconfig(['ES2023', 'DOM', 'DOM.Iterable'], 'page/*.ts'),
  worker: tsconfig(['ES2023', 'WebWorker'], 'worker/*.ts'),
} as const;

const workDir = join(root, '.tmp-readme');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const snippets = extractSnippets(readme);

/** Writes the blocks and runs tsc once per project; the errors as `README.md:<line>:<col> TSxxxx message`. */
function typeCheck(blocks: Snippet[]): string[] {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(join(workDir, 'node_modules'), { recursive: true });
  symlinkSync(relative(join(workDir, 'node_modules'), root), join(workDir, 'node_modules', 'catalogue-sync'), 'dir');
  writeFileSync(join(workDir, 'prelude.d.ts'), PRELUDE);
  // ESM, as an app's: top-level await works in a block.
  writeFileSync(join(workDir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const byFile = new Map<string, Snippet>();
  for (const block of blocks) {
    // A named module is one file in each project's folder, where the other blocks import it by its name.
    const files =
      block.project === 'module'
        ? (['page', 'worker'] as const).map((project) => `${project}/${block.module}`)
        : [`${block.project}/readme-line-${block.line}.ts`];
    for (const file of files) {
      mkdirSync(join(workDir, file, '..'), { recursive: true });
      byFile.set(file, block);
      // `export {}` makes each block a module of its own: names never clash between blocks.
      writeFileSync(join(workDir, file), `${block.code}\nexport {};\n`);
    }
  }
  const errors: string[] = [];
  for (const [name, config] of Object.entries(PROJECTS)) {
    if (!blocks.some((block) => block.project === name || block.project === 'module')) continue;
    writeFileSync(join(workDir, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const run = spawnSync(tsc, ['-p', `tsconfig.${name}.json`, '--pretty', 'false'], {
      cwd: workDir,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    const before = errors.length;
    for (const text of output.split('\n')) {
      const at = /^(.+?)\((\d+),(\d+)\): (error TS\d+: .*)$/.exec(text.trim());
      if (!at) continue;
      const [, file = '', line = '0', column = '0', message] = at;
      const block = byFile.get(file.replaceAll('\\', '/'));
      errors.push(
        block
          ? `README.md:${block.line + Number(line) - 1}:${column} ${message}`
          : `${file}:${line}:${column} ${message}`,
      );
    }
    if (run.status !== 0 && errors.length === before)
      errors.push(`tsc (${name}) failed with no located error:\n${output}`);
  }
  return errors;
}

beforeAll(ensureBuilt, 180_000);
// The folder links back to the repository: never leave it for a tool that walks the tree.
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe("the README's TypeScript", () => {
  it('has its blocks found', () => {
    // A README whose blocks went unseen would pass whatever they hold.
    expect(snippets.length).toBeGreaterThanOrEqual(7);
    expect(snippets.some((block) => block.code.includes("from 'catalogue-sync/testing'"))).toBe(true);
  });

  it('type-checks against the built package (dist/*.d.ts through the exports map)', { timeout: 120_000 }, () => {
    expect(typeCheck(snippets)).toEqual([]);
  });

  it('reports a broken block at its README line, page or worker (the check can fail)', { timeout: 120_000 }, () => {
    const page = "import { createCatalogue } from 'catalogue-sync';\n\ncreateCatalogue({ baseUrl: 1 });";
    // Page code in a worker block: there is no DOM there.
    const worker = "import { installBackgroundRefresh } from 'catalogue-sync/sw';\ndocument.title;";
    const errors = typeCheck([
      { line: 1000, code: page, project: 'page' },
      { line: 2000, code: worker, project: 'worker' },
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^README\.md:1002:\d+ error TS2322: /);
    expect(errors[1]).toMatch(/^README\.md:2001:\d+ error TS2584: /);
  });

  it('checks a shared module with both libs, and the blocks that import it by name', { timeout: 120_000 }, () => {
    // A page-only global in the module the worker imports: the worker's program has no `window`.
    const shared = "export const catalogueOptions = { baseUrl: window.location.origin, accessToken: 't' };";
    const worker =
      "import { catalogueOptions } from './shared-options.js';\nconst n: number = catalogueOptions.accessToken;";
    const errors = typeCheck([
      { line: 3000, code: shared, project: 'module', module: 'shared-options.ts' },
      { line: 4000, code: worker, project: 'worker' },
    ]);
    expect(errors).toContainEqual(
      expect.stringMatching(/^README\.md:3000:\d+ error TS2304: Cannot find name 'window'/),
    );
    expect(errors).toContainEqual(expect.stringMatching(/^README\.md:4001:\d+ error TS2322: /));
  });

  it('finds the options module the page and the worker share', () => {
    const shared = snippets.filter((block) => block.project === 'module').map((block) => block.module);
    expect(shared).toContain('catalogue-options.ts');
    const importers = snippets.filter((block) => block.code.includes("from './catalogue-options.js'"));
    expect(importers.map((block) => block.project).sort()).toEqual(['page', 'worker']);
  });
});
