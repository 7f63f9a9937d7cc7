import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { AUTH, START } from './helpers.js';

let served: ServedFakeService | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('serveFakeService', () => {
  it('listens on 127.0.0.1 (port 0 = ephemeral) and answers the same bytes as the in-process fetch', async () => {
    served = await serveFakeService({ port: 0, clock: createVirtualClock(START), rateLimit: false });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { service } = served;
    const seriesId = service.control.allSeries()[0]?.id;
    const { session_id, account_id } = service.control.createSession();
    service.control.addToWatchlist({ session_id, series_id: seriesId as number });
    for (const path of [
      '/3/configuration',
      '/3/trending/tv/week?page=2',
      '/3/discover/tv?with_genres=18|35&sort_by=vote_average.desc',
      `/3/tv/${seriesId}/season/1/credits`,
      `/3/account/${account_id}/watchlist/tv?session_id=${session_id}`,
      '/3/person/3/external_ids',
      '/3/authentication',
    ]) {
      const overHttp = await fetch(`${served.url}${path}`, { headers: AUTH });
      const inProcess = await service.fetch(`${served.url}${path}`, { headers: AUTH });
      expect(overHttp.status, path).toBe(inProcess.status);
      expect(await overHttp.text(), path).toBe(await inProcess.text());
      expect(overHttp.headers.get('etag')).toBe(inProcess.headers.get('etag'));
      expect(overHttp.headers.get('content-type')).toBe('application/json;charset=utf-8');
    }
    const config = (await (await fetch(`${served.url}/3/configuration`, { headers: AUTH })).json()) as {
      images: { secure_base_url: string };
    };
    expect(config.images.secure_base_url).toBe(`${served.url}/t/p/`);
  });

  it('serves placeholder images sized by the size token, and refuses bad tokens and file names', async () => {
    served = await serveFakeService({ rateLimit: false });
    const image = await fetch(`${served.url}/t/p/w342/abcDEF123.jpg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await image.text();
    expect(svg).toContain('width="342" height="513"');
    expect((await fetch(`${served.url}/t/p/h632/x.jpg`)).status).toBe(200);
    expect((await fetch(`${served.url}/t/p/w999/x.jpg`)).status).toBe(404);
    expect((await fetch(`${served.url}/t/p/w92/..%2Fetc.jpg`)).status).toBe(404);
    expect(served.service.log.count({ operation: 'image' })).toBe(4);
  });

  it('destroys the socket on a connection reset', async () => {
    served = await serveFakeService({ faults: { resetRate: 1 }, rateLimit: false });
    await expect(fetch(`${served.url}/3/configuration`, { headers: AUTH })).rejects.toThrow(TypeError);
  });

  it('exposes control under /__fake, never under /3', async () => {
    served = await serveFakeService({ rateLimit: false });
    const session = (await (await fetch(`${served.url}/__fake/sessions`, { method: 'POST' })).json()) as {
      session_id: string;
    };
    expect(session.session_id).toMatch(/^[0-9a-f]{40}$/);
    const mutated = await fetch(`${served.url}/__fake/episodes/mutate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2 }),
    });
    expect(((await mutated.json()) as { mutated: unknown[] }).mutated).toHaveLength(2);
    const bad = await fetch(`${served.url}/__fake/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: -1 }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${served.url}/3/__fake/sessions`, { method: 'POST', headers: AUTH })).status).toBe(404);
  });
});

describe('the serve:fake CLI', () => {
  it('starts the server and prints its URL', async () => {
    const cli = fileURLToPath(new URL('../../src/testing/cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--port', '0', '--seed', '3', '--scale', 'medium', '--rate', '10'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${output}`)));
      });
      const response = await fetch(`${url}/3/discover/tv`, {
        headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { total_results: number }).total_results).toBeGreaterThan(1000);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
