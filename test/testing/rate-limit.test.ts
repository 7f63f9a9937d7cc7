import { describe, expect, it } from 'vitest';
import { AUTH, harness } from './helpers.js';

describe('rate limit (sliding window per token, virtual time)', () => {
  it('rejects the request after perSecond accepted ones in (t − 1000, t], with code 25 and no Retry-After', async () => {
    const h = harness({ rateLimit: { perSecond: 5 } });
    for (let i = 0; i < 5; i++) {
      expect((await h.get('/3/configuration')).status).toBe(200);
      await h.clock.advance(100);
    }
    // t = start + 500: five accepted at start+0…400.
    const rejected = await h.get('/3/configuration');
    expect(rejected.status).toBe(429);
    expect(await rejected.json()).toEqual({
      success: false,
      status_code: 25,
      status_message: 'Your request count (6) is over the allowed limit of 5.',
    });
    expect(rejected.headers.get('retry-after')).toBeNull();
    expect(rejected.headers.get('etag')).toBeNull();
    expect(rejected.headers.get('cache-control')).toBeNull();
    // At start+999 the first is still inside (start−1, start+999].
    await h.clock.advance(499);
    expect((await h.get('/3/configuration')).status).toBe(429);
    // At start+1000 it has left: (start, start+1000].
    await h.clock.advance(1);
    expect((await h.get('/3/configuration')).status).toBe(200);
    expect((await h.get('/3/configuration')).status).toBe(429);
  });

  it('does not count rejected requests', async () => {
    const h = harness({ rateLimit: { perSecond: 2 } });
    await h.get('/3/configuration');
    await h.get('/3/configuration');
    for (let i = 0; i < 10; i++) expect((await h.get('/3/configuration')).status).toBe(429);
    await h.clock.advance(1000);
    expect((await h.get('/3/configuration')).status).toBe(200);
    expect((await h.get('/3/configuration')).status).toBe(200);
    expect(h.service.log.count({ status: 429 })).toBe(10);
  });

  it('sends Retry-After in whole seconds until the window frees, when asked to', async () => {
    const h = harness({ rateLimit: { perSecond: 2 }, retryAfterHeader: true });
    await h.get('/3/configuration');
    await h.clock.advance(300);
    await h.get('/3/configuration');
    const rejected = await h.get('/3/configuration');
    expect(rejected.status).toBe(429);
    expect(rejected.headers.get('retry-after')).toBe('1');
    expect(rejected.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it('keeps one window per token', async () => {
    const h = harness({ rateLimit: { perSecond: 1 } });
    expect((await h.get('/3/configuration')).status).toBe(200);
    expect((await h.get('/3/configuration')).status).toBe(429);
    const other = await h.get('/3/configuration', { authorization: 'Bearer other' });
    expect(other.status).toBe(401);
  });

  it('applies 40 per second by default', async () => {
    const h = harness({ rateLimit: undefined });
    const statuses = [];
    for (let i = 0; i < 41; i++) statuses.push((await h.get('/3/configuration', AUTH)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses[40]).toBe(429);
  });
});
