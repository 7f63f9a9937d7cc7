import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { AUTH, harness, ORIGIN, START } from './helpers.js';

let served: ServedFakeService | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request over HTTP that sees the bytes on the wire (Node's `fetch` decodes them before a test can look). */
function raw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function serve(): Promise<ServedFakeService> {
  served = await serveFakeService({ port: 0, clock: createVirtualClock(START), rateLimit: false });
  return served;
}

describe('gzip when the request asks for it, as the CDN does', () => {
  it('compresses JSON answers, errors included, with Content-Encoding and one Vary: accept-encoding', async () => {
    const { url } = await serve();
    for (const [path, status] of [
      ['/3/trending/tv/day', 200],
      ['/3/tv/999999999/season/1', 404],
    ] as const) {
      const plain = await raw(`${url}${path}`, AUTH);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      const zipped = await raw(`${url}${path}`, { ...AUTH, 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.status, path).toBe(status);
      expect(zipped.headers['content-encoding'], path).toBe('gzip');
      expect(zipped.headers.vary, path).toBe('accept-encoding, Origin');
      expect(zipped.body.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(gunzipSync(zipped.body).toString('utf8'), path).toBe(plain.body.toString('utf8'));
      expect(zipped.body.length).toBeLessThan(plain.body.length + 32);
    }
  });

  it('sends identity to a client that accepts no gzip, and compresses images too', async () => {
    const { url } = await serve();
    const brotliOnly = await raw(`${url}/3/configuration`, { ...AUTH, 'accept-encoding': 'br' });
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(brotliOnly.body.toString('utf8'))).toHaveProperty('images');
    const image = await raw(`${url}/t/p/w92/abc.jpg`, { 'accept-encoding': 'gzip' });
    expect(image.headers['content-encoding']).toBe('gzip');
    expect(image.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(image.body).toString('utf8')).toMatch(/^<svg/);
  });

  it("Node's fetch and the library's client read compressed answers over HTTP", async () => {
    const { url } = await serve();
    const viaFetch = await fetch(`${url}/3/trending/movie/week`, { headers: AUTH });
    expect(viaFetch.headers.get('content-encoding')).toBe('gzip');
    const client = createApiClient({ baseUrl: url, accessToken: FAKE_ACCESS_TOKEN, fetch: globalThis.fetch });
    const parsed = await client.request('trendingMovies', { time_window: 'week' });
    expect(parsed.data).toEqual(await viaFetch.json());
  });

  it('the in-process fetch decodes a compressed answer, as a platform fetch does', async () => {
    const h = harness({ seed: 2 });
    const identity = await h.get('/3/discover/tv');
    // Without Accept-Encoding (what an in-process caller sends) nothing is compressed.
    expect(identity.headers.get('content-encoding')).toBeNull();
    const plain = await identity.text();
    const zipped = await h.service.fetch(`${ORIGIN}/3/discover/tv`, {
      headers: { ...AUTH, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(plain);
    // The library's client, over an in-process fetch that asks for gzip like a browser's does.
    const client = createApiClient({
      baseUrl: ORIGIN,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: (input, init) => {
        const request = new Request(input, init);
        request.headers.set('accept-encoding', 'gzip');
        return h.service.fetch(request);
      },
    });
    const parsed = await client.request('discoverTv', {});
    expect(parsed.data).toEqual(JSON.parse(plain));
  });
});
