/**
 * The demo server sends its page, its worker and every other file with a strict CSP (its own origin, plus the
 * real service's API and image hosts, plus the ones it is given), `nosniff` and `no-referrer`. A stand-in built
 * directory keeps the test fast; the browser test checks the real built page under the same server options.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveDemo } from '../../demo/serve-demo.js';
import { contentSecurityPolicy } from '../../src/testing/content-security-policy.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { rawRequest } from './raw-request.js';

const DEMO_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' https://image.tmdb.org data: blob:; " +
  "connect-src 'self' https://api.themoviedb.org https://image.tmdb.org; worker-src 'self'; manifest-src 'self'; base-uri 'none'; " +
  "form-action 'self'; frame-ancestors 'none'; object-src 'none'";

let dir: string;
let served: ServedFakeService | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalogue-page-headers-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><script type="module" src="/assets/main.js"></script>');
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(dir, 'assets', 'main.js'), 'export {};');
  await writeFile(join(dir, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('the demo page’s headers', () => {
  it('the page carries the strict CSP, nosniff and no-referrer', async () => {
    served = await serveDemo({ dir, port: 0 });
    const page = await fetch(`${served.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(DEMO_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the service worker script, every other file and a 404 carry the same headers', async () => {
    served = await serveDemo({ dir, port: 0 });
    for (const [path, status] of [
      ['/sw.js', 200],
      ['/assets/main.js', 200],
      ['/icon.svg', 200],
      ['/missing.js', 404],
    ] as const) {
      const response = await fetch(`${served.url}${path}`);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-security-policy'), path).toBe(DEMO_POLICY);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('names the extra API and image origins it is started with', async () => {
    served = await serveDemo({
      dir,
      port: 0,
      apiOrigins: ['http://localhost:8787'],
      imageOrigins: ['https://images.example.org/'],
    });
    const policy = (await fetch(`${served.url}/`)).headers.get('content-security-policy');
    // The images too: the demo's worker fetches the posters it caches, and a worker's fetch is a connection.
    expect(policy).toContain(
      "connect-src 'self' https://api.themoviedb.org http://localhost:8787 https://image.tmdb.org https://images.example.org;",
    );
    expect(policy).toContain("img-src 'self' https://image.tmdb.org https://images.example.org data: blob:;");
  });

  it('answers only loopback Host names, like serveFakeService', async () => {
    served = await serveDemo({ dir, port: 0 });
    expect((await rawRequest(`${served.url}/`, { headers: { host: 'attacker.example' } })).status).toBe(421);
    expect((await rawRequest(`${served.url}/`)).status).toBe(200);
  });
});

describe('contentSecurityPolicy', () => {
  it('is the strict policy with only this origin by default (serveFakeService with a staticDir)', async () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
        "worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; " +
        "object-src 'none'",
    );
    served = await serveFakeService({ rateLimit: false, staticDir: dir });
    expect((await fetch(`${served.url}/`)).headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('takes bare http(s) origins only, so no caller can add a source or a directive', async () => {
    for (const bad of [
      "https://a.example; script-src 'unsafe-inline'",
      'https://a.example;script-src',
      "https://a'b.example",
      'https://a.example/path',
      'https://*.example.org',
      'javascript:alert(1)',
      'data:',
      'a.example',
      'https://user:pw@a.example',
    ]) {
      expect(() => contentSecurityPolicy({ api: [bad] }), bad).toThrow(TypeError);
    }
    await expect(serveDemo({ dir, port: 0, imageOrigins: ["'unsafe-inline'"] })).rejects.toThrow(
      /serveFakeService: pageOrigins\.images/,
    );
    expect(contentSecurityPolicy({ api: ['HTTPS://API.Example.org:443/'] })).toContain(
      "connect-src 'self' https://api.example.org;",
    );
  });
});
