/**
 * The one-process server without a browser: a built directory and the fake service on one origin, the fake's
 * paths kept, content types and worker headers right, and no way out of the directory.
 */

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { contentTypeOf, isFakeServicePath } from '../../src/testing/static-directory.js';

const AUTH = { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` };
const SECRET = 'outside-the-static-directory';

let parent: string;
let served: ServedFakeService;

/** A raw GET with the path sent byte for byte (`fetch` would normalize `..` away before it leaves). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(served.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'catalogue-e2e-static-'));
  const root = join(parent, 'site');
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'docs'));
  // Files the fake owns the paths of: the fake must still answer them.
  await mkdir(join(root, '3'));
  await mkdir(join(root, '__fake'));
  await writeFile(join(root, '3', 'configuration'), 'static shadow');
  await writeFile(join(root, '__fake', 'now'), 'static shadow');
  await writeFile(join(parent, 'secret.txt'), SECRET);
  await writeFile(join(root, 'index.html'), '<!doctype html><title>root</title>');
  await writeFile(join(root, 'docs', 'index.html'), '<!doctype html><title>docs</title>');
  await writeFile(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(root, 'assets', 'app.mjs'), 'export {};');
  await writeFile(join(root, 'assets', 'app.css'), 'body{}');
  await writeFile(join(root, 'manifest.webmanifest'), '{"name":"x"}');
  await writeFile(join(root, 'data.json'), '{"a":1}');
  await writeFile(join(root, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(root, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await symlink(join(parent, 'secret.txt'), join(root, 'leak.txt'));
  served = await serveFakeService({ rateLimit: false, staticDir: root });
});

afterAll(async () => {
  await served?.close();
  await rm(parent, { recursive: true, force: true });
});

describe('serveFakeService({ staticDir })', () => {
  it('serves / as index.html and every file with its content type', async () => {
    const expected: [string, string][] = [
      ['/', 'text/html; charset=utf-8'],
      ['/index.html', 'text/html; charset=utf-8'],
      ['/docs/', 'text/html; charset=utf-8'],
      ['/sw.js', 'text/javascript; charset=utf-8'],
      ['/assets/app.mjs', 'text/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
      ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
      ['/data.json', 'application/json; charset=utf-8'],
      ['/icon.svg', 'image/svg+xml'],
      ['/icon.png', 'image/png'],
    ];
    for (const [path, type] of expected) {
      const response = await fetch(`${served.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
    expect(await (await fetch(`${served.url}/`)).text()).toContain('<title>root</title>');
    expect(await (await fetch(`${served.url}/docs/`)).text()).toContain('<title>docs</title>');
    expect([...new Uint8Array(await (await fetch(`${served.url}/icon.png`)).arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ]);
  });

  it('lets any script be registered as a worker with the root scope, and nothing else', async () => {
    const worker = await fetch(`${served.url}/sw.js`, { headers: { 'service-worker': 'script' } });
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect((await fetch(`${served.url}/assets/app.mjs`)).headers.get('service-worker-allowed')).toBe('/');
    expect((await fetch(`${served.url}/index.html`)).headers.get('service-worker-allowed')).toBeNull();
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps /3, /t/p and /__fake for the fake, even where the directory has files of those names', async () => {
    const configuration = await fetch(`${served.url}/3/configuration`, { headers: AUTH });
    expect(configuration.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(((await configuration.json()) as { images: { secure_base_url: string } }).images.secure_base_url).toBe(
      `${served.url}/t/p/`,
    );
    expect((await fetch(`${served.url}/3/configuration`)).status).toBe(401);
    const image = await fetch(`${served.url}/t/p/w92/poster.jpg`);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await (await fetch(`${served.url}/__fake/now`)).json()).toEqual({ now: expect.any(Number) });
    expect((await fetch(`${served.url}/3/not-an-operation`, { headers: AUTH })).status).toBe(404);
    expect(served.service.log.count()).toBeGreaterThanOrEqual(3);
  });

  it('answers 404 for missing files, 405 for writes, and HEAD without a body', async () => {
    expect((await fetch(`${served.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${served.url}/docs/missing/`)).status).toBe(404);
    expect((await fetch(`${served.url}/index.html`, { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await fetch(`${served.url}/data.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('7');
    expect(await head.text()).toBe('');
  });

  it('never serves a file outside the directory: dot segments, encoded or not, NUL, symlinks', async () => {
    // The file is reachable by name from the parent, so each path below WOULD leak it without the guard.
    for (const path of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/..%2Fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/docs/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/secret.txt%00.html',
      '/%E0%A4%A',
      '/leak.txt',
    ]) {
      const { status, body } = await rawGet(path);
      expect(status, path).toBe(404);
      expect(body, path).not.toContain(SECRET);
    }
    expect((await rawGet('/index.html')).status).toBe(200);
  });

  it('refuses a staticDir that is not a directory, with a TypeError', async () => {
    await expect(serveFakeService({ staticDir: join(parent, 'nowhere') })).rejects.toThrow(
      /serveFakeService: staticDir must be an existing directory/,
    );
    await expect(serveFakeService({ staticDir: join(parent, 'secret.txt') })).rejects.toThrow(TypeError);
  });
});

describe('path ownership and content types', () => {
  it('gives the fake exactly its prefixes', () => {
    for (const path of ['/3', '/3/configuration', '/t/p/w92/a.jpg', '/__fake', '/__fake/log']) {
      expect(isFakeServicePath(path), path).toBe(true);
    }
    for (const path of ['/', '/30', '/3x/a', '/t/a.png', '/t/pp/x', '/__fakes', '/index.html', '/sw.js']) {
      expect(isFakeServicePath(path), path).toBe(false);
    }
  });

  it('types by extension, case-insensitive, octet-stream otherwise', () => {
    expect(contentTypeOf('a/B.PNG')).toBe('image/png');
    expect(contentTypeOf('app.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeOf('blob.bin')).toBe('application/octet-stream');
    expect(contentTypeOf('Makefile')).toBe('application/octet-stream');
  });
});
