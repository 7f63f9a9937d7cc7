import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../helpers/built-package.js';
import { startBin } from '../helpers/fake-bin.js';

/**
 * The package as a user gets it: `npm pack`, then `npm install <tarball>` into an empty project outside the
 * repository (so nothing resolves from our node_modules), then plain Node ESM imports of every entry, a round trip
 * through the fake, the bin through npx, and a browser bundle of `catalogue-sync/testing` from what was installed.
 * The install needs the registry for dexie, zod, hono…; `--prefer-offline` takes them from npm's cache, which
 * `npm ci` has filled. fake-indexeddb is ours for tests, not the package's: the project installs it beside.
 */
let dir: string;
let app: string;

function run(command: string, args: string[], cwd: string, timeout = 120_000): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

beforeAll(async () => {
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'catalogue-install-'));
  const [packed] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], root)) as [
    { filename: string },
  ];
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--no-package-lock',
      join(dir, packed?.filename ?? ''),
      `fake-indexeddb@${installedVersion('fake-indexeddb')}`,
    ],
    app,
  );
}, 240_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

// Slow under load (each test starts Node or npx): a generous timeout per test.
describe('the packed library, installed alone into an empty project', { timeout: 90_000 }, () => {
  it('brings hono and @hono/node-server as dependencies, and no sources', () => {
    const installed = join(app, 'node_modules');
    expect(existsSync(join(installed, 'catalogue-sync', 'dist', 'index.js'))).toBe(true);
    expect(existsSync(join(installed, 'catalogue-sync', 'src'))).toBe(false);
    expect(existsSync(join(installed, 'hono', 'package.json'))).toBe(true);
    expect(existsSync(join(installed, '@hono', 'node-server', 'package.json'))).toBe(true);
  });

  it('imports every entry from plain Node ESM and runs a round trip through the fake', () => {
    writeFileSync(
      join(app, 'round-trip.js'),
      `
import { createCatalogue } from 'catalogue-sync';
import { createApiClient } from 'catalogue-sync/api';
import { installBackgroundRefresh } from 'catalogue-sync/sw';
import { createFakeService, FAKE_ACCESS_TOKEN } from 'catalogue-sync/testing';
import { serveFakeService } from 'catalogue-sync/testing/node';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

const service = createFakeService({ seed: 1, scale: 'small' });
const client = createApiClient({ baseUrl: 'http://fake.test', accessToken: FAKE_ACCESS_TOKEN, fetch: service.fetch });
const configuration = await client.request('configuration', {});

const catalogue = createCatalogue({
  baseUrl: 'http://fake.test',
  accessToken: FAKE_ACCESS_TOKEN,
  fetch: service.fetch,
  indexedDB: { indexedDB: new IDBFactory(), IDBKeyRange },
});
await catalogue.sync.pull('trendingTv', { time_window: 'day' });
const stored = await catalogue.read('trendingTv', { time_window: 'day' });
await catalogue.close();

const served = await serveFakeService({ seed: 1 });
const overHttp = await fetch(served.url + '/3/trending/tv/day', { headers: { Authorization: 'Bearer ' + FAKE_ACCESS_TOKEN } });
const httpBody = await overHttp.json();
await served.close();

console.log(JSON.stringify({
  sw: typeof installBackgroundRefresh,
  configurationStatus: configuration.status,
  storedResults: stored?.results.length,
  httpStatus: overHttp.status,
  sameFirstId: httpBody.results[0].id === stored?.results[0]?.id,
}));
`,
    );
    const output = JSON.parse(run(process.execPath, ['round-trip.js'], app, 60_000).trim().split('\n').at(-1) ?? '');
    expect(output).toEqual({
      sw: 'function',
      configurationStatus: 200,
      storedResults: 20,
      httpStatus: 200,
      sameFirstId: true,
    });
  });

  it('runs the bin: npx catalogue-sync-fake --port 0 serves /3/configuration with the printed token', async () => {
    const bin = await startBin('npx', ['--offline', 'catalogue-sync-fake', '--port', '0'], app, 60_000);
    try {
      const response = await fetch(`${bin.url}/3/configuration`, { headers: { Authorization: `Bearer ${bin.token}` } });
      expect(response.status).toBe(200);
    } finally {
      await bin.stop();
    }
  });

  it('bundles catalogue-sync/testing for a browser from what was installed (a browser test runner)', async () => {
    writeFileSync(join(app, 'browser-test.js'), "export { createFakeService } from 'catalogue-sync/testing';\n");
    const result = await build({
      absWorkingDir: app,
      entryPoints: ['browser-test.js'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.startsWith('node_modules/hono/'))).toBe(true);
    expect(inputs.filter((path) => path.includes('@hono/node-server') || path.startsWith('node:'))).toEqual([]);
  });

  it('bundles catalogue-sync/sw/offline-shell into a worker from what was installed (Workbox comes with it)', async () => {
    // Worker code only: Workbox ships ES modules as `.js` without `"type": "module"`, which bundlers read and
    // plain Node does not, so this entry is bundled, never imported by Node.
    writeFileSync(
      join(app, 'sw.js'),
      "import { installOfflineShell } from 'catalogue-sync/sw/offline-shell';\n" +
        'installOfflineShell(self, { precache: [{ url: "index.html", revision: "1" }] });\n',
    );
    const result = await build({
      absWorkingDir: app,
      entryPoints: ['sw.js'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    for (const name of ['workbox-precaching', 'workbox-routing', 'workbox-strategies', 'workbox-expiration']) {
      expect(
        inputs.some((path) => path.startsWith(`node_modules/${name}/`)),
        name,
      ).toBe(true);
    }
    expect(inputs.filter((path) => /node_modules\/(dexie|zod|hono)\//.test(path))).toEqual([]);
  });
});
