import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { chooseEncoding } from '../../src/testing/static-compression.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request that sees the bytes on the wire (Node's `fetch` decodes them before a test can look). */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

// Text that compresses, as a bundle does; bytes that do not, as a picture's.
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const STYLE = `.card { color: red; }\n`.repeat(200);
const PICTURE = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));

let dir: string;
let served: ServedFakeService;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalogue-static-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(dir, 'app.js'), SCRIPT);
  await writeFile(join(dir, 'app.css'), STYLE);
  await writeFile(join(dir, 'photo.png'), PICTURE);
  served = await serveFakeService({ staticDir: dir, rateLimit: false });
});

afterAll(async () => {
  await served?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the static directory compresses text files as the request accepts', () => {
  it('sends brotli when accepted, gzip when only gzip is, identical bytes once decoded', async () => {
    for (const [path, text] of [
      ['/app.js', SCRIPT],
      ['/app.css', STYLE],
    ] as const) {
      const br = await raw(`${served.url}${path}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toBe('accept-encoding');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(text.length / 3);
      expect(brotliDecompressSync(br.body).toString('utf8'), path).toBe(text);

      const gz = await raw(`${served.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).toString('utf8'), path).toBe(text);
    }
  });

  it('sends the file as it is to a client that accepts neither, still saying the answer varies', async () => {
    const plain = await raw(`${served.url}/app.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    const refused = await raw(`${served.url}/app.js`, { 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('leaves pictures and files too small to gain alone, and HEAD says the compressed length', async () => {
    const picture = await raw(`${served.url}/photo.png`, { 'accept-encoding': 'br, gzip' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.headers.vary).toBeUndefined();
    expect(picture.body.equals(PICTURE)).toBe(true);
    const page = await raw(`${served.url}/`, { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBeUndefined();
    const head = await raw(`${served.url}/app.js`, { 'accept-encoding': 'br' }, 'HEAD');
    const get = await raw(`${served.url}/app.js`, { 'accept-encoding': 'br' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  it('serves a rewritten file compressed anew, not the bytes kept for the old one', async () => {
    await raw(`${served.url}/app.css`, { 'accept-encoding': 'br' });
    const changed = `.row { color: blue; }\n`.repeat(300);
    await writeFile(join(dir, 'app.css'), changed);
    const again = await raw(`${served.url}/app.css`, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(again.body).toString('utf8')).toBe(changed);
  });
});

describe('chooseEncoding', () => {
  it.each([
    [null, undefined],
    ['', undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR; q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
  ] as const)('%j → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
