/**
 * bundle (issue 24): min+gzip bytes of what an app loads, for three rows (`bundle-entries/`):
 * `createCatalogue` + one view (every chunk, static or dynamic import), the first-read path (the same entry, only
 * the chunks it loads statically: what runs before the rest of the library arrives by dynamic import) and the typed
 * client (`createApiClient` + one request).
 *
 * - esbuild (`node_modules/.bin/esbuild`, the CLI): bundle, minify, splitting, format esm, browser platform. Every
 *   chunk reachable from the entry, statically or by dynamic import (the metafile's imports), gzipped (level 9)
 *   one by one and summed. The goals bind to these figures.
 * - Vite (production build, its defaults: rolldown, minified): the entry as the only input; every JS chunk it
 *   emits reachable from it (its manifest's imports and dynamic imports), gzipped and summed.
 * - Shares (esbuild): each input's `bytesInOutput` in the metafile, grouped by package (dexie, zod, p-queue,
 *   eventemitter3, own code under src/, other); the gzip share is the total gzip × the minified share (gzip is not
 *   additive per input, so that column is an estimate).
 * `npm run size` prints the same table and exits 1 above a budget.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchResult, BenchRow } from '../benchmark.js';
import { round } from '../benchmark.js';
import { PACKAGE_ROOT } from './build-pages.js';

const OUT = join(PACKAGE_ROOT, '.tmp-bench-bundle');
const ENTRIES_DIR = join(PACKAGE_ROOT, 'bench', 'browser', 'bundle-entries');
const KB = 1000;

/**
 * Budgets, KB (1000 bytes) min+gzip with esbuild: issue 24's, with `createCatalogue` + one view (every chunk) at
 * issue 33's 100 KB, which replaced issue 24's 75 KB once the dependencies' floor was measured (47 KB).
 */
export const BUDGETS = { firstRead: 15, catalogueView: 100, client: 25 } as const;
export type EntryName = keyof typeof BUDGETS;
const FILES: Record<EntryName, string> = {
  firstRead: 'catalogue-view.ts',
  catalogueView: 'catalogue-view.ts',
  client: 'client.ts',
};
/** The first-read path is what the entry loads before its dynamic imports: static imports only. */
const STATIC_ONLY: Record<EntryName, boolean> = { firstRead: true, catalogueView: false, client: false };

interface Metafile {
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports: { path: string; kind: string; external?: boolean }[];
      inputs: Record<string, { bytesInOutput: number }>;
    }
  >;
}

export interface EntrySize {
  /** min+gzip of every reachable chunk, KB. */
  readonly gzipKB: number;
  readonly minifiedKB: number;
  readonly chunks: number;
}

const gzipBytes = (code: Buffer) => gzipSync(code, { level: 9 }).length;

/** Chunks reachable from `start` through `next` (static and dynamic imports). */
function reachable(start: string, next: (file: string) => readonly string[]): string[] {
  const seen = new Set<string>([start]);
  const stack = [start];
  while (stack.length > 0) {
    for (const file of next(stack.pop() as string)) {
      if (!seen.has(file)) {
        seen.add(file);
        stack.push(file);
      }
    }
  }
  return [...seen];
}

async function sizeOf(files: readonly string[]): Promise<EntrySize> {
  let gzip = 0;
  let minified = 0;
  for (const file of files) {
    const code = await readFile(file);
    minified += code.length;
    gzip += gzipBytes(code);
  }
  return { gzipKB: round(gzip / KB, 1), minifiedKB: round(minified / KB, 1), chunks: files.length };
}

/** The package an input belongs to: its node_modules folder, or `own code` for src/. */
function owner(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1] as string;
  return input.startsWith('src/') ? 'own code' : 'other';
}

export async function esbuildSize(entry: EntryName): Promise<EntrySize & { shares: Record<string, number> }> {
  const outdir = join(OUT, 'esbuild', entry);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const metafile = join(outdir, 'meta.json');
  await promisify(execFile)(
    join(PACKAGE_ROOT, 'node_modules', '.bin', 'esbuild'),
    [
      relative(PACKAGE_ROOT, join(ENTRIES_DIR, FILES[entry])),
      '--bundle',
      '--minify',
      '--splitting',
      '--format=esm',
      '--platform=browser',
      `--outdir=${outdir}`,
      `--metafile=${metafile}`,
      '--log-level=warning',
    ],
    { cwd: PACKAGE_ROOT },
  );
  const meta = JSON.parse(await readFile(metafile, 'utf8')) as Metafile;
  const entryOut = Object.keys(meta.outputs).find((o) => meta.outputs[o]?.entryPoint !== undefined) as string;
  const files = reachable(entryOut, (file) =>
    (meta.outputs[file]?.imports ?? [])
      .filter(
        (i) => !i.external && (i.kind === 'import-statement' || (!STATIC_ONLY[entry] && i.kind === 'dynamic-import')),
      )
      .map((i) => i.path),
  );
  const size = await sizeOf(files.map((f) => join(PACKAGE_ROOT, f)));
  const byOwner: Record<string, number> = {};
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]?.inputs ?? {})) {
      const who = owner(input);
      byOwner[who] = (byOwner[who] ?? 0) + bytesInOutput;
    }
  }
  const total = Object.values(byOwner).reduce((a, b) => a + b, 0);
  const shares = Object.fromEntries(
    Object.entries(byOwner)
      .filter(([, bytes]) => bytes > 0)
      .sort(([, a], [, b]) => b - a)
      .map(([who, bytes]) => [who, round((size.gzipKB * bytes) / total, 1)]),
  );
  return { ...size, shares };
}

interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export async function viteSize(entry: EntryName): Promise<EntrySize> {
  const outDir = join(OUT, 'vite', entry);
  await build({
    root: ENTRIES_DIR,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      reportCompressedSize: false,
      rolldownOptions: { input: join(ENTRIES_DIR, FILES[entry]) },
    },
  });
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ViteManifestChunk
  >;
  const start = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
  const keys = reachable(start, (key) => [
    ...(manifest[key]?.imports ?? []),
    ...(STATIC_ONLY[entry] ? [] : (manifest[key]?.dynamicImports ?? [])),
  ]);
  return sizeOf(keys.map((key) => join(outDir, (manifest[key] as ViteManifestChunk).file)));
}

export interface BundleFigures {
  readonly esbuild: Record<EntryName, EntrySize & { shares: Record<string, number> }>;
  readonly vite: Record<EntryName, EntrySize>;
}

export async function measureBundles(): Promise<BundleFigures> {
  const esbuild = {} as BundleFigures['esbuild'];
  const vite = {} as BundleFigures['vite'];
  for (const entry of Object.keys(BUDGETS) as EntryName[]) {
    esbuild[entry] = await esbuildSize(entry);
    vite[entry] = await viteSize(entry);
  }
  return { esbuild, vite };
}

const LABELS: Record<EntryName, string> = {
  firstRead: 'firstRead (static chunks of catalogueView)',
  catalogueView: 'catalogueView',
  client: 'client',
};

export function bundleRows(figures: BundleFigures): BenchRow[] {
  const rows: BenchRow[] = [];
  for (const entry of Object.keys(BUDGETS) as EntryName[]) {
    const size = figures.esbuild[entry].gzipKB;
    rows.push({
      metric: `esbuild.${LABELS[entry]}`,
      library: size,
      baseline: null,
      ratio: round(size / BUDGETS[entry], 2),
      goal: `≤ ${BUDGETS[entry]} KB`,
      unit: 'KB min+gzip',
      met: size <= BUDGETS[entry],
    });
    rows.push({
      metric: `vite.${entry}`,
      library: figures.vite[entry].gzipKB,
      baseline: null,
      ratio: null,
      goal: '',
      unit: 'KB min+gzip',
    });
  }
  for (const [who, kb] of Object.entries(figures.esbuild.catalogueView.shares)) {
    rows.push({
      metric: `share.catalogueView.${who}`,
      library: kb,
      baseline: figures.esbuild.catalogueView.gzipKB,
      ratio: round(kb / figures.esbuild.catalogueView.gzipKB, 3),
      goal: '',
      unit: 'KB gzip (est.)',
    });
  }
  return rows;
}

export async function runBundle(): Promise<BenchResult> {
  const figures = await measureBundles();
  return { fields: { budgetsKB: BUDGETS, ...figures }, rows: bundleRows(figures) };
}
