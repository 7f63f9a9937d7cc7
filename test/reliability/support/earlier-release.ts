import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { createCatalogue } from '../../../src/create-catalogue.js';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The whole library (`src/create-catalogue.ts`) as it was at `commit`, built from the repository's history: the commit's
 * `src` is extracted with `git archive` into a git-ignored `.tmp-releases/` folder of the repository and bundled with
 * esbuild, its packages left to the repository's node_modules (so the release shares this one's Dexie). Needs the
 * git history (CI runs in a full clone).
 */
export async function earlierRelease(commit: string): Promise<{ createCatalogue: typeof createCatalogue }> {
  const dir = join(ROOT, '.tmp-releases', commit);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', commit, 'src'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const out = join(dir, 'release.mjs');
  await build({
    entryPoints: [join(dir, 'src/create-catalogue.ts')],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'silent',
  });
  return (await import(pathToFileURL(out).href)) as { createCatalogue: typeof createCatalogue };
}
