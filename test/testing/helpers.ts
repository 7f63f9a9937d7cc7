import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../src/testing/index.js';

export const ORIGIN = 'http://fake.test';
export const AUTH = { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` };
/** 2026-03-10 12:00 UTC, a Tuesday: a fixed start for virtual time. */
export const START = Date.UTC(2026, 2, 10, 12);

export { readSample } from '../helpers/samples.js';

export interface Harness {
  service: FakeService;
  clock: VirtualClock;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  json<T = Record<string, unknown>>(path: string): Promise<T>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** A fake on a virtual clock (no rate limit unless asked), with request helpers. */
export function harness(options: FakeServiceOptions = {}): Harness {
  const clock = createVirtualClock(START);
  const service = createFakeService({ rateLimit: false, clock, ...options });
  const get = (path: string, headers: Record<string, string> = AUTH) => service.fetch(`${ORIGIN}${path}`, { headers });
  return {
    service,
    clock,
    get,
    async json<T>(path: string) {
      const response = await get(path);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    },
    post: (path, body, headers = AUTH) =>
      service.fetch(`${ORIGIN}${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json;charset=utf-8' },
        body: JSON.stringify(body),
      }),
  };
}

export type Json = Record<string, unknown>;
