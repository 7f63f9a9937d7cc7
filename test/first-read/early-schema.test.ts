import { describe, expect, it, vi } from 'vitest';
import { resolveCatalogueOptions } from '../../src/catalogue-options.js';
import { earlyClient } from '../../src/first-read/early-client.js';
import { prepareCall } from '../../src/sync/prepare-call.js';

/**
 * Issue 33: response schemas are made on first use, and a cold visit's early request must not make its schema on
 * the path from its answer to the rows. The early client makes it when the request is handed over, while the
 * request is on the wire. Every `zod/mini` object built is recorded (the mock below), so the test sees when the
 * schema was made, not how long it took.
 */
const objects = vi.hoisted(() => ({ built: 0 }));

vi.mock('zod/mini', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const object = actual.object as (...args: unknown[]) => unknown;
  return {
    ...actual,
    object: (...args: unknown[]) => {
      objects.built += 1;
      return object(...args);
    },
  };
});

describe('the early client', () => {
  it("makes the early request's response schema while the request is on the wire, before its answer", async () => {
    let answer: (response: Response) => void = () => {};
    const onTheWire = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fetch = vi.fn(() => onTheWire);
    const resolved = resolveCatalogueOptions({ baseUrl: 'https://api.catalogue.test', accessToken: 'token', fetch });
    const call = prepareCall('trendingTv', { time_window: 'day' }, { language: 'en-US', user: undefined });
    const client = earlyClient(resolved);
    const before = objects.built;

    const sent = client.send(call);
    // The request is sent and unanswered: the envelope and the item schema are made already.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const whileOnTheWire = objects.built - before;
    expect(whileOnTheWire).toBeGreaterThanOrEqual(2);

    answer(
      new Response(JSON.stringify({ page: 1, results: [], total_pages: 1, total_results: 0 }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const shown = await sent;
    expect(shown.snapshot.data).toEqual({ page: 1, results: [], total_pages: 1, total_results: 0 });
    // Validating the answer made nothing more.
    expect(objects.built - before).toBe(whileOnTheWire);
  });
});
