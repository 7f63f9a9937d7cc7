/**
 * Issue 4's benchmark: the request queue against the service's rate limit over real HTTP on 127.0.0.1, in real
 * time, beside a baseline measured in the same run: p-queue alone (strict sliding window at the same configured
 * rate and concurrency, 429s retried through the same queue), i.e. the queue without its adaptation.
 *
 * - known: server 40/s, client configured at 0.95 × 40 (identical windows over loopback are flaky; DESIGN,
 *   Contracts: "Benchmarks"). Goal: rateUse ≥ 0.9 and no 429.
 * - unknown: server 20/s, client configured at 40/s, no Retry-After. Goal: 429s ≤ 5% of requests.
 *
 * rateUse = achieved ÷ configured rate, achieved = completed requests ÷ wall time from the first call to the last
 * answer.
 */
import PQueue from 'p-queue';
import { createApiClient } from '../src/api/index.js';
import { type FetchLike, globalFetch } from '../src/env.js';
import { isServiceError } from '../src/errors/index.js';
import { createRequestQueue } from '../src/queue/index.js';
import { FAKE_ACCESS_TOKEN } from '../src/testing/index.js';
import { serveFakeService } from '../src/testing/node.js';
import { type Benchmark, type BenchRow, ratio, round } from './benchmark.js';

interface Scenario {
  readonly serverPerSecond: number;
  readonly clientPerSecond: number;
  readonly requests: number;
}

interface Outcome {
  readonly rateUse: number;
  readonly r429: number;
  /** Sends that reached the service, retries included. */
  readonly requests: number;
  readonly completed: number;
  readonly failed: number;
  readonly durationMs: number;
}

type Client = ReturnType<typeof createApiClient>;
type Runner = (client: Client, scenario: Scenario, count: number) => Promise<PromiseSettledResult<unknown>[]>;

/** The `i`-th of many distinct GETs: trending pages (the fake answers pages past its end with empty results). */
const params = (i: number) => ({ time_window: i % 2 === 0 ? 'day' : 'week', page: Math.floor(i / 2) + 1 }) as const;

const CONCURRENCY = 8;

const library: Runner = async (client, scenario, count) => {
  const queue = createRequestQueue({
    client,
    rateLimit: { perSecond: scenario.clientPerSecond, concurrency: CONCURRENCY },
  });
  try {
    return await Promise.allSettled(
      Array.from({ length: count }, (_, i) => queue.request('trendingTv', params(i), { priority: 'background' })),
    );
  } finally {
    queue.close();
  }
};

const baseline: Runner = async (client, scenario, count) => {
  const pq = new PQueue({
    concurrency: CONCURRENCY,
    intervalCap: scenario.clientPerSecond,
    interval: 1000,
    strict: true,
  });
  const attempt = async (i: number, n: number): Promise<unknown> => {
    try {
      return await pq.add(() => client.request('trendingTv', params(i)));
    } catch (error) {
      if (isServiceError(error) && error.status === 429 && n < 10) return attempt(i, n + 1);
      throw error;
    }
  };
  return Promise.allSettled(Array.from({ length: count }, (_, i) => attempt(i, 1)));
};

async function measure(scenario: Scenario, runner: Runner): Promise<Outcome> {
  // A fresh fake per run: its rate window starts empty. Real clock: this is wall time over loopback.
  const served = await serveFakeService({
    seed: 1,
    scale: 'small',
    rateLimit: { perSecond: scenario.serverPerSecond },
  });
  let sends = 0;
  let r429 = 0;
  const fetch: FetchLike = async (input, init) => {
    sends += 1;
    const response = await globalFetch(input, init);
    if (response.status === 429) r429 += 1;
    return response;
  };
  try {
    const client = createApiClient({ baseUrl: served.url, accessToken: FAKE_ACCESS_TOKEN, fetch });
    const started = performance.now();
    const settled = await runner(client, scenario, scenario.requests);
    const durationMs = performance.now() - started;
    const completed = settled.filter((s) => s.status === 'fulfilled').length;
    return {
      rateUse: round(completed / (durationMs / 1000) / scenario.clientPerSecond),
      r429,
      requests: sends,
      completed,
      failed: settled.length - completed,
      durationMs: Math.round(durationMs),
    };
  } finally {
    await served.close();
  }
}

const queueBench: Benchmark = async ({ smoke, log }) => {
  const known: Scenario = { serverPerSecond: 40, clientPerSecond: 0.95 * 40, requests: smoke ? 45 : 500 };
  const unknown: Scenario = { serverPerSecond: 20, clientPerSecond: 40, requests: smoke ? 25 : 500 };
  const run = async (name: string, scenario: Scenario, runner: Runner) => {
    log(
      `${name}: ${scenario.requests} requests, server ${scenario.serverPerSecond}/s, client ${scenario.clientPerSecond}/s`,
    );
    const outcome = await measure(scenario, runner);
    log(`${name}: ${JSON.stringify(outcome)}`);
    return outcome;
  };
  const lib = { known: await run('known', known, library), unknown: await run('unknown', unknown, library) };
  // The baseline doubles the run time; a smoke run only checks that the library side runs.
  const base = smoke
    ? undefined
    : {
        known: await run('baseline known', known, baseline),
        unknown: await run('baseline unknown', unknown, baseline),
      };

  const r429Goal = Math.floor(0.05 * unknown.requests);
  const rows: BenchRow[] = [
    {
      metric: 'known.rateUse',
      library: lib.known.rateUse,
      baseline: base?.known.rateUse ?? null,
      ratio: ratio(lib.known.rateUse, base?.known.rateUse ?? null),
      goal: '≥ 0.9',
      unit: 'achieved ÷ configured',
      met: lib.known.rateUse >= 0.9,
    },
    {
      metric: 'known.r429',
      library: lib.known.r429,
      baseline: base?.known.r429 ?? null,
      ratio: null,
      goal: '= 0',
      unit: '429 answers',
      met: lib.known.r429 === 0,
    },
    {
      metric: 'unknown.r429',
      library: lib.unknown.r429,
      baseline: base?.unknown.r429 ?? null,
      ratio: ratio(lib.unknown.r429, base?.unknown.r429 ?? null),
      goal: `≤ ${r429Goal} (5%)`,
      unit: '429 answers',
      met: lib.unknown.r429 <= r429Goal,
    },
    {
      metric: 'unknown.rateUse',
      library: lib.unknown.rateUse,
      baseline: base?.unknown.rateUse ?? null,
      ratio: ratio(lib.unknown.rateUse, base?.unknown.rateUse ?? null),
      goal: '',
      unit: 'achieved ÷ configured (server allows 0.5)',
    },
    {
      metric: 'unknown.requests',
      library: lib.unknown.requests,
      baseline: base?.unknown.requests ?? null,
      ratio: ratio(lib.unknown.requests, base?.unknown.requests ?? null),
      goal: '',
      unit: 'sends incl. retries',
    },
  ];
  return {
    fields: {
      known: lib.known,
      unknown: lib.unknown,
      baseline: base ?? null,
      scenarios: { known, unknown },
      server: 'fake service over HTTP on 127.0.0.1 (serveFakeService)',
    },
    rows,
  };
};

export default queueBench;
