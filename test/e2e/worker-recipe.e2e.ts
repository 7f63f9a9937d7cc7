/**
 * The README's service-worker recipe as written, in Chromium: its `catalogue-options.ts` and `sw.ts` blocks are
 * extracted, built with Vite as a module worker next to a page that opens its catalogue from the same module, and
 * served on one port while the fake service runs on another. The page and the worker must share one database,
 * the worker must cache the posters of the fake's own origin, which nobody listed in `images.origins`, and its
 * refresh must drain the page's outbox and apply the change feeds, all without a dynamic import.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/service/options.js';
import { extractSnippets, findSnippet } from '../readme/readme-blocks.js';
import { type BuiltPage, buildPage } from './support/build-page.js';
import { assertChromiumInstalled, launchChromium } from './support/chromium.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PAGE_ROOT = fileURLToPath(new URL('./recipe-page/', import.meta.url));
const src = (path: string) => join(REPO, 'src', path);

let api: ServedFakeService;
let site: ServedFakeService;
let built: BuiltPage;
let recipeDir: string;
let profile: string;
let context: BrowserContext;

/** Writes the README's options module and worker into `dir`, as a user copies them into `src/`. */
async function extractRecipe(dir: string): Promise<void> {
  const snippets = extractSnippets(await readFile(join(REPO, 'README.md'), 'utf8'));
  const options = findSnippet(snippets, { module: 'catalogue-options.ts' });
  const worker = findSnippet(snippets, { includes: '// sw.ts:' });
  await writeFile(join(dir, 'catalogue-options.ts'), options.code);
  await writeFile(join(dir, 'sw.ts'), worker.code);
}

/** The built worker and every chunk it imports statically: what runs in the worker. */
async function workerSources(dir: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    const text = await readFile(join(dir, file), 'utf8');
    seen.set(file, text);
    for (const [, spec = ''] of text.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      await visit(join(file, '..', spec));
    }
  };
  await visit('sw.js');
  return seen;
}

/** Bundled code without its comments (the build keeps them: it is not minified), which name `import()` freely. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

beforeAll(async () => {
  assertChromiumInstalled();
  api = await serveFakeService({ seed: 3, scale: 'small', rateLimit: false });
  recipeDir = await mkdtemp(join(tmpdir(), 'catalogue-recipe-'));
  await extractRecipe(recipeDir);
  built = await buildPage({
    root: PAGE_ROOT,
    vite: {
      resolve: {
        alias: [
          { find: /^catalogue-sync\/eager$/, replacement: src('eager-entry.ts') },
          { find: /^catalogue-sync\/sw\/offline-shell$/, replacement: src('sw/offline-shell-entry.ts') },
          { find: /^catalogue-sync\/sw$/, replacement: src('sw/index.ts') },
          { find: /^catalogue-sync$/, replacement: src('index.ts') },
          { find: /^recipe:catalogue-options$/, replacement: join(recipeDir, 'catalogue-options.ts') },
        ],
      },
      // What the user's build gives the recipe: the environment's variables and the precache manifest.
      define: {
        'import.meta.env.VITE_TMDB_TOKEN': JSON.stringify(FAKE_ACCESS_TOKEN),
        'import.meta.env.VITE_TMDB_BASE_URL': JSON.stringify(api.url),
        'self.__WB_MANIFEST': JSON.stringify([{ url: 'index.html', revision: '1' }]),
      },
      build: {
        rolldownOptions: {
          input: { main: join(PAGE_ROOT, 'index.html'), sw: join(recipeDir, 'sw.ts') },
          output: {
            entryFileNames: (chunk: { name: string }) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
          },
        },
      },
    },
  });
  // The page on its own port; the fake (API and images) on another, as with a dev server and `npx` fake.
  site = await serveFakeService({
    staticDir: built.dir,
    rateLimit: false,
    pageOrigins: { api: [api.url], images: [api.url] },
  });
  profile = await mkdtemp(join(tmpdir(), 'catalogue-recipe-profile-'));
  context = await launchChromium(profile);
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => {});
  await site?.close().catch(() => {});
  await api?.close().catch(() => {});
  await built?.remove().catch(() => {});
  for (const dir of [recipeDir, profile]) if (dir) await rm(dir, { recursive: true, force: true });
});

async function openRecipePage(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => 'recipe' in window);
  return page;
}

describe("the README's worker recipe, as written, in Chromium", () => {
  it('builds a module worker without a dynamic import', async () => {
    const sources = await workerSources(built.dir);
    expect([...sources.keys()]).toContain('sw.js');
    for (const [file, text] of sources)
      expect(code(text).match(/.{0,80}\bimport\s*\(.{0,80}/)?.[0], file).toBeUndefined();
    // The recipe's options reached the build: the worker talks to the fake on its port, with a token.
    const all = [...sources.values()].join('\n');
    expect(all).toContain(api.url);
    expect(all).toContain('series-app');
  });

  it("shares the page's database, and caches the posters of the configuration's image origin", {
    timeout: 30_000,
  }, async () => {
    expect(new URL(api.url).port).not.toBe(new URL(site.url).port);
    const page = await openRecipePage();
    await page.evaluate(() => window.recipe.open());
    expect(await page.evaluate(() => window.recipe.registerWorker())).toBe('activated');
    const run = await page.evaluate(() => window.recipe.refreshNow());
    expect(run).toMatchObject({ outcome: 'done', result: { failed: 0 } });

    // One catalogue database (besides the first answers' own), the page's: the worker opened no other.
    const databases = await page.evaluate(() => window.recipe.databases());
    const catalogues = databases.filter((name) => !name.endsWith(':first'));
    expect(catalogues).toHaveLength(1);
    expect(catalogues[0]).toMatch(/^series-app/);

    const posters = await page.evaluate(() => window.recipe.showPosters(4));
    expect(posters).toHaveLength(4);
    for (const url of posters) expect(new URL(url).origin).toBe(api.url);
    // Cached by the worker as the page showed them: it learned the origin from the database the page filled.
    await expect
      .poll(() => page.evaluate(() => window.recipe.cachedImages()), { timeout: 5_000 })
      .toEqual(expect.arrayContaining(posters));
    await page.close();
  });

  it("refreshes in the worker: the page's offline change is sent and a changed episode lands in the page's database", {
    timeout: 30_000,
  }, async () => {
    const control = api.service.control;
    const session = control.createSession();
    const [tracked, favorite] = control
      .allSeries()
      .filter((series) => series.adult === false)
      .map((series) => series.id as number);
    if (tracked === undefined || favorite === undefined) throw new Error('the fake has too few series');
    const place = { series_id: tracked, season_number: 1, episode_number: 1 };
    const episodeId = control.episodeId(place);
    if (episodeId === undefined) throw new Error('the fake has no such episode');

    const page = await openRecipePage();
    await page.evaluate(() => window.recipe.open());
    await page.evaluate((s) => window.recipe.signIn(s), session);
    await page.evaluate(() => window.recipe.registerWorker());
    expect(await page.evaluate((id) => window.recipe.track(id), tracked)).toBeGreaterThan(0);

    // Offline, the page's change waits in its outbox; then the page closes its catalogue: only the worker is left.
    await context.setOffline(true);
    expect(await page.evaluate((id) => window.recipe.favorite(id), favorite)).toBe(1);
    await page.evaluate(() => window.recipe.close());
    await context.setOffline(false);
    const renamed = `Renamed ${Date.now()}`;
    control.mutateEpisode(episodeId, { name: renamed });
    const mark = api.service.log.entries().length;

    const run = await page.evaluate(() => window.recipe.refreshNow());
    expect(run).toMatchObject({ outcome: 'done', result: { failed: 0 } });
    const sent = api.service.log.entries().slice(mark);
    expect(sent.filter((entry) => entry.operation === 'markFavorite')).toHaveLength(1);
    expect(sent.some((entry) => /changes/i.test(entry.operation))).toBe(true);
    const truth = control.groundTruth('tvAccountStates', { series_id: favorite, session_id: session.session_id });
    expect(truth).toMatchObject({ favorite: true });

    // What the worker stored is the page's: opened again, the page reads it from its own database.
    await page.evaluate(() => window.recipe.open());
    expect(await page.evaluate(() => window.recipe.pending())).toBe(0);
    expect(await page.evaluate((p) => window.recipe.episodeName(p), place)).toBe(renamed);
    await page.close();
  });
});
