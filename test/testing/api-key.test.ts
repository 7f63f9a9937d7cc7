import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFakeService, FAKE_ACCESS_TOKEN, FAKE_API_KEY } from '../../src/testing/index.js';
import { harness, ORIGIN } from './helpers.js';

const INVALID_KEY = {
  success: false,
  status_code: 7,
  status_message: 'Invalid API key: You must be granted a valid key.',
};

function decodePart(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('?api_key= (FACTS §7)', () => {
  it('opens every operation like the bearer token does, with the same answer', async () => {
    const h = harness({ seed: 2 });
    const series = h.service.control.allSeries()[0]?.id as number;
    for (const path of ['/3/trending/tv/day', `/3/tv/${series}/season/1?language=fr-FR`, '/3/configuration']) {
      const withKey = await h.get(`${path}${path.includes('?') ? '&' : '?'}api_key=${FAKE_API_KEY}`, {});
      const withToken = await h.get(path);
      expect(withKey.status, path).toBe(200);
      expect(await withKey.json()).toEqual(await withToken.json());
    }
    // Past authentication, an unknown path is a 404 like with the token.
    expect((await h.get(`/3/no/such/thing?api_key=${FAKE_API_KEY}`, {})).status).toBe(404);
  });

  it('answers 401 code 7 for the token passed as api_key and for the key passed as bearer', async () => {
    const h = harness();
    const asKey = await h.get(`/3/trending/tv/day?api_key=${FAKE_ACCESS_TOKEN}`, {});
    expect(asKey.status).toBe(401);
    expect(await asKey.json()).toEqual(INVALID_KEY);
    const asBearer = await h.get('/3/trending/tv/day', { authorization: `Bearer ${FAKE_API_KEY}` });
    expect(asBearer.status).toBe(401);
    expect(await asBearer.json()).toEqual(INVALID_KEY);
    expect((await h.get('/3/no/such/thing?api_key=wrong', {})).status).toBe(401);
    expect(h.service.log.count({ status: 401 })).toBe(3);
  });

  it('the access token is a JWT whose audience is the API key, as the real read access token is', () => {
    const parts = FAKE_ACCESS_TOKEN.split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePart(parts[0] as string)).toEqual({ alg: 'HS256' });
    expect(decodePart(parts[1] as string)).toMatchObject({ aud: FAKE_API_KEY, scopes: ['api_read'], version: 1 });
    expect(FAKE_API_KEY).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes its key from the apiKey option, and refuses a key equal to the token', async () => {
    const service = createFakeService({ apiKey: 'my-own-key', rateLimit: false });
    expect((await service.fetch(`${ORIGIN}/3/authentication?api_key=my-own-key`)).status).toBe(200);
    expect((await service.fetch(`${ORIGIN}/3/authentication?api_key=${FAKE_API_KEY}`)).status).toBe(401);
    expect(() => createFakeService({ apiKey: '' })).toThrow(/apiKey must be a non-empty string/);
    expect(() => createFakeService({ accessToken: 'same', apiKey: 'same' })).toThrow(/apiKey must differ/);
  });

  it('counts the key and the token in one rate window: they are one application', async () => {
    const h = harness({ rateLimit: { perSecond: 2 } });
    expect((await h.get('/3/configuration')).status).toBe(200);
    expect((await h.get(`/3/configuration?api_key=${FAKE_API_KEY}`, {})).status).toBe(200);
    expect((await h.get(`/3/configuration?api_key=${FAKE_API_KEY}`, {})).status).toBe(429);
  });

  it('serve:fake prints the key and a curl with it, and --api-key sets it', async () => {
    const cli = fileURLToPath(new URL('../../src/testing/cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--api-key', 'cli-key-123'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (/ or: curl .*\n/.test(text)) resolve(text);
        });
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}: ${text}`)));
      });
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
      expect(output).toContain(`curl '${url}/3/trending/tv/day?api_key=cli-key-123'`);
      expect((await fetch(`${url}/3/trending/tv/day?api_key=cli-key-123`)).status).toBe(200);
      expect((await fetch(`${url}/3/trending/tv/day?api_key=${FAKE_API_KEY}`)).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
