import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as errors from '../../src/errors/index.js';
import * as publicSurface from '../../src/index.js';
import * as foldTextModule from '../../src/query/fold-text.js';
import * as imageUrlModule from '../../src/query/image-url.js';
import * as channelsModule from '../../src/sync/in-process-channels.js';
import * as locksModule from '../../src/sync/in-process-locks.js';
import { splitBuild } from '../helpers/split-build.js';

/**
 * The first-read path (what the main entry loads before its dynamic imports) carries what the first read runs,
 * not the public helpers and error classes that only the core uses. esbuild splits per file: a file that
 * `src/index.ts` reaches and the core imports lands in a chunk the entry loads at once, so the public names of
 * those files go through `src/exports/` aliases, which a bundler drops when the app does not use them. Whatever the
 * app does use still arrives with it, and every public value is the very object the core uses.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = `${root}.tmp-first-read-chunks`;
const publicValues = new Map<string, unknown>(Object.entries(publicSurface));

afterAll(() => rm(scratch, { recursive: true, force: true }));

/** Input files with bytes in the chunks an entry loads statically (before any dynamic import). */
async function staticInputs(entry: string): Promise<{ loaded: string[]; all: string[] }> {
  const { outputs, staticClosure } = await splitBuild(entry, scratch);
  const start = Object.keys(outputs).find((o) => outputs[o]?.entryPoint !== undefined) as string;
  const seen = staticClosure(start);
  const withBytes = (files: Iterable<string>) =>
    [...files].flatMap((file) =>
      Object.entries(outputs[file]?.inputs ?? {})
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([input]) => input),
    );
  return { loaded: withBytes(seen), all: withBytes(Object.keys(outputs)) };
}

/** Modules `src/index.ts` exports that the core uses and the first read does not. */
const CORE_ONLY = [
  'src/query/image-url.ts',
  'src/query/fold-text.ts',
  'src/sync/in-process-locks.ts',
  'src/sync/in-process-channels.ts',
  'src/errors/closed-error.ts',
  'src/errors/network-error.ts',
  'src/errors/newer-release-error.ts',
  'src/errors/offline-error.ts',
  'src/errors/pending-mutations-error.ts',
  'src/errors/quota-exceeded-error.ts',
  'src/errors/schema-validation-error.ts',
  'src/errors/scope-ended-error.ts',
  'src/errors/service-error.ts',
  'src/errors/timeout-error.ts',
];

describe('the first-read path', () => {
  it('carries none of the public helpers and error classes only the core uses, which are in the build', async () => {
    const { loaded, all } = await staticInputs(`${root}bench/browser/bundle-entries/catalogue-view.ts`);
    expect(loaded.filter((input) => CORE_ONLY.includes(input))).toEqual([]);
    // The check can fail: each of them is in the build, in a chunk the core loads.
    expect(CORE_ONLY.filter((input) => !all.includes(input))).toEqual([]);
    // And it looks at the real path: the front door and the registry are on it.
    expect(loaded).toContain('src/front-door.ts');
    expect(loaded).toContain('src/api/registry/catalogue-calls.ts');
  });

  it('is what createCatalogue needs: importing it from the main entry adds nothing to it', async () => {
    const entry = `${scratch}/direct.ts`;
    await mkdir(scratch, { recursive: true });
    const app = await readFile(`${root}bench/browser/bundle-entries/catalogue-view.ts`, 'utf8');
    const from = "from '../../../src/index.js'";
    expect(app).toContain(from);
    await writeFile(entry, app.replace(from, `from '${root}src/create-catalogue.js'`));
    const direct = await staticInputs(entry);
    const viaIndex = await staticInputs(`${root}bench/browser/bundle-entries/catalogue-view.ts`);
    const own = (inputs: string[]) => inputs.filter((input) => input.startsWith('src/')).sort();
    expect(own(viaIndex.loaded)).toEqual(own(direct.loaded));
  });

  it('still carries what an app imports from the main entry itself', async () => {
    const entry = `${scratch}/app.ts`;
    await mkdir(scratch, { recursive: true });
    await writeFile(
      entry,
      [
        `import { createCatalogue, createInProcessLocks, foldText, imageUrl, isOfflineError, ScopeEndedError } from '${root}src/index.js';`,
        `const catalogue = createCatalogue({ baseUrl: 'https://api.example.org', accessToken: 'token' });`,
        `document.title = String([catalogue, createInProcessLocks, foldText, imageUrl, isOfflineError, ScopeEndedError]);`,
      ].join('\n'),
    );
    const { loaded } = await staticInputs(entry);
    for (const used of [
      'src/sync/in-process-locks.ts',
      'src/query/fold-text.ts',
      'src/query/image-url.ts',
      'src/errors/offline-error.ts',
      'src/errors/scope-ended-error.ts',
    ]) {
      expect(loaded).toContain(used);
    }
  });
});

describe('the public values are the objects the core uses', () => {
  it.each([
    ['errors', errors],
    ['image-url', imageUrlModule],
    ['fold-text', foldTextModule],
    ['in-process-locks', locksModule],
    ['in-process-channels', channelsModule],
  ] as const)('%s: every value src/index.ts exports under its name is the same object', (_module, internal) => {
    const shared = Object.entries(internal).filter(([name]) => publicValues.has(name));
    expect(shared.length).toBeGreaterThan(0);
    for (const [name, value] of shared) expect(publicValues.get(name), name).toBe(value);
  });

  it('an error the core throws is an instance of the class the main entry exports', () => {
    const thrown = new errors.OfflineError({ operation: 'refresh' });
    expect(thrown).toBeInstanceOf(publicSurface.OfflineError);
    expect(thrown).toBeInstanceOf(publicSurface.CatalogueError);
    expect(publicSurface.isOfflineError(thrown)).toBe(true);
  });
});
