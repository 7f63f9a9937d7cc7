import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, ensureBuilt, readPackageJson, root } from '../helpers/built-package.js';
import { startBin } from '../helpers/fake-bin.js';

/**
 * The built entries as a user installs them: which packages each one reaches (bundled by esbuild from `dist/`,
 * packages left external), the bin, and what the tarball carries. `test/package/install.test.ts` installs the
 * tarball itself.
 */
const pkg = readPackageJson();

function entryFile(subpath: string): string {
  const target = pkg.exports[subpath];
  if (target === undefined || typeof target === 'string') throw new Error(`exports["${subpath}"] has no conditions`);
  return join(root, target.default);
}

/** Every import specifier esbuild left external while bundling an entry: packages and `node:` builtins. */
async function externalImports(subpath: string, platform: 'browser' | 'node'): Promise<string[]> {
  const result = await build({
    entryPoints: [entryFile(subpath)],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform,
    packages: 'external',
    logLevel: 'silent',
  });
  const found = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imported of input.imports) if (imported.external) found.add(imported.path);
  }
  return [...found].sort();
}

/** `hono/compress` → `hono`, `@hono/node-server/x` → `@hono/node-server`, `node:fs` stays. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const HONO = /^(hono|@hono\/)/;

beforeAll(ensureBuilt, 180_000);

describe('what each entry reaches', () => {
  it.each(['.', './api', './eager', './sw'])('%s reaches neither hono nor any Node module', async (subpath) => {
    const reached = await externalImports(subpath, 'browser');
    expect(reached.filter((specifier) => HONO.test(specifier) || specifier.startsWith('node:'))).toEqual([]);
    // Only the runtime dependencies a PWA bundle carries.
    expect(
      reached.map(packageName).filter((name) => !['dexie', 'eventemitter3', 'p-queue', 'zod'].includes(name)),
    ).toEqual([]);
  });

  it('./sw/offline-shell reaches Workbox and nothing else: worker code, kept out of the entries pages import', async () => {
    const reached = (await externalImports('./sw/offline-shell', 'browser')).map(packageName);
    expect([...new Set(reached)].sort()).toEqual([
      'workbox-cacheable-response',
      'workbox-expiration',
      'workbox-precaching',
      'workbox-routing',
      'workbox-strategies',
    ]);
    for (const subpath of ['.', './api', './sw', './testing', './testing/node']) {
      const other = await externalImports(subpath, 'node');
      expect(
        other.filter((specifier) => specifier.startsWith('workbox-')),
        subpath,
      ).toEqual([]);
    }
  });

  it('the main entry is found by the scan (a scan of nothing would pass)', async () => {
    expect(await externalImports('.', 'browser')).toEqual(expect.arrayContaining(['dexie', 'zod/mini']));
  });

  it('./testing runs in a browser: hono, but no Node module and not @hono/node-server', async () => {
    const reached = await externalImports('./testing', 'browser');
    expect(reached).toContain('hono');
    expect(reached.filter((specifier) => specifier.startsWith('node:') || specifier.startsWith('@hono/'))).toEqual([]);
  });

  it.each([
    ['./react', 'react'],
    ['./svelte', 'svelte'],
    ['./vue', 'vue'],
  ])('%s reaches %s and the runtime dependencies, nothing else; no other entry reaches it', async (entry, peer) => {
    const reached = (await externalImports(entry, 'browser')).map(packageName);
    expect(reached).toContain(peer);
    expect(reached.filter((name) => ![peer, 'dexie', 'eventemitter3', 'p-queue', 'zod'].includes(name))).toEqual([]);
    const others = Object.keys(pkg.exports).filter((key) => key !== entry && !key.endsWith('.json'));
    for (const subpath of others) {
      expect((await externalImports(subpath, 'browser')).map(packageName)).not.toContain(peer);
    }
  });

  it('./devtools reaches no package at all: the panel is plain DOM over the catalogue it is given', async () => {
    const reached = await externalImports('./devtools', 'browser');
    expect(reached).toEqual([]);
    // The scan sees the entry's own modules (a scan of nothing would pass).
    const result = await build({
      entryPoints: [entryFile('./devtools')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      packages: 'external',
      logLevel: 'silent',
    });
    const modules = Object.keys(result.metafile.inputs);
    expect(modules.some((path) => path.endsWith('dist/devtools/mount-devtools.js'))).toBe(true);
    // Types only from the main entry: an app's bundle does not get a second copy of the library through it.
    expect(modules.filter((path) => !path.includes('dist/devtools/'))).toEqual(['dist/env.js']);
  });

  it('every package an entry reaches is a dependency, so installing the library alone is enough', async () => {
    const reached = new Set<string>();
    for (const subpath of Object.keys(pkg.exports).filter((key) => !key.endsWith('.json'))) {
      for (const specifier of await externalImports(subpath, 'node')) reached.add(packageName(specifier));
    }
    const packages = [...reached].filter((name) => !name.startsWith('node:')).sort();
    expect(packages).toContain('@hono/node-server');
    // React, Svelte and Vue are the optional peers: each reached only by its own entry, whose app has it.
    expect(packages.filter((name) => pkg.dependencies?.[name] === undefined)).toEqual(['react', 'svelte', 'vue']);
    expect(pkg.peerDependencies).toEqual({ react: '>=18', svelte: '>=4', vue: '>=3.3' });
    expect(pkg.peerDependenciesMeta).toEqual({
      react: { optional: true },
      svelte: { optional: true },
      vue: { optional: true },
    });
  });
});

describe('the bin', () => {
  it('is a built file with a node shebang', () => {
    const bin = pkg.bin?.['catalogue-sync-fake'];
    expect(bin).toBe('dist/testing/cli.js');
    expect(readFileSync(join(root, bin ?? ''), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('serves the fake with plain node: /3/configuration answers with the printed token', {
    timeout: 60_000,
  }, async () => {
    const bin = await startBin(process.execPath, [join(distDir, 'testing', 'cli.js'), '--port', '0'], root);
    try {
      const response = await fetch(`${bin.url}/3/configuration`, { headers: { Authorization: `Bearer ${bin.token}` } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { images?: { base_url?: string } };
      expect(body.images?.base_url).toBe(`${bin.url}/t/p/`);
      const refused = await fetch(`${bin.url}/3/configuration`);
      expect(refused.status).toBe(401);
    } finally {
      expect(await bin.stop()).toBe(0);
    }
  });
});

describe('the tarball', () => {
  it('carries dist/ with no sources and no source maps, and every file exports and bin name', {
    timeout: 60_000,
  }, () => {
    const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [packed] = JSON.parse(run.stdout) as [{ files: { path: string }[]; unpackedSize: number }];
    const paths = packed.files.map((file) => file.path);
    expect(
      paths.filter(
        (path) =>
          !path.startsWith('dist/') && !/^(package\.json|README\.md|CHANGELOG\.md|ARCHITECTURE\.md)$/.test(path),
      ),
    ).toEqual([]);
    expect(paths).toContain('CHANGELOG.md');
    expect(paths).toContain('ARCHITECTURE.md');
    expect(paths.filter((path) => path.endsWith('.map') || path.endsWith('.test.js'))).toEqual([]);
    const targets = Object.values(pkg.exports).flatMap((target) =>
      typeof target === 'string' ? [target] : [target.types, target.default],
    );
    const named = [...targets, ...Object.values(pkg.bin ?? {})].map((path) => path.replace(/^\.\//, ''));
    expect(named.filter((path) => !paths.includes(path))).toEqual([]);
    // About 2.2 MB unpacked, most of it declarations and the README (with src/ and source maps it would be well over
    // 2.5 MB).
    expect(packed.unpackedSize).toBeLessThan(2_300_000);
  });
});
