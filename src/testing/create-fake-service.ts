import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { endpoints, operationNames } from '../api/endpoints.js';
import type { FetchLike } from '../env.js';
import { createControl, type FakeControl } from './control.js';
import { mountControlRoutes } from './control-routes.js';
import { Catalogue } from './data/catalogue.js';
import { inProcessFetch } from './in-process-fetch.js';
import { FaultInjector } from './service/faults.js';
import { preflightHeaders } from './service/headers.js';
import { createFakeLog, type FakeLog } from './service/log.js';
import { type FakeServiceOptions, resolveOptions } from './service/options.js';
import { createPipeline, type Storm } from './service/pipeline.js';
import { RateLimiter } from './service/rate-limiter.js';
import { FakeState } from './service/state.js';

export interface FakeService {
  /** In-process `fetch`: pass it to the client. A reset connection rejects with `TypeError`, like `fetch`. */
  readonly fetch: FetchLike;
  /** The Hono app (serve it anywhere; `app.fetch` cannot reset a connection, `fetch` above can). */
  readonly app: Hono;
  readonly control: FakeControl;
  readonly log: FakeLog;
}

/**
 * A fake of the catalogue service that answers like the real one (`tmdb-samples/FACTS.md`): the 19 registry
 * operations over a seeded, lazily generated catalogue, with auth, the rate limit, caching headers, change
 * feeds, user state and injectable faults. Nothing is generated at start-up, so every scale starts at once.
 */
export function createFakeService(options: FakeServiceOptions = {}): FakeService {
  const resolved = resolveOptions(options);
  let offset = 0;
  const now = () => resolved.clock.now() + offset;
  const ctx = {
    cat: new Catalogue(resolved.seed, resolved.scale),
    state: new FakeState(resolved.seed),
    options: resolved,
  };
  const faults = new FaultInjector(resolved.faults, resolved.seed);
  const storms: Storm[] = [];
  const log = createFakeLog();
  const limiter = resolved.rateLimit ? new RateLimiter(resolved.rateLimit.perSecond) : undefined;
  const pipeline = createPipeline({ ctx, limiter, faults, storms, log, now });
  const control = createControl({ ctx, faults, storms, now, shift: (ms) => (offset += ms) });

  const app = new Hono();
  // First: its guard must answer another origin's preflight before the open CORS one below does.
  mountControlRoutes(app, control, log);
  // Compressed when the request asks, as the CDN does (N25: `Content-Encoding: gzip`, even on a 404), whatever the
  // size. CompressionStream works in browsers and service workers too; the in-process `fetch` decodes it.
  for (const path of ['/3/*', '/t/p/*']) app.use(path, compress({ encoding: 'gzip', threshold: 0 }));
  app.options(
    '*',
    (c) => new Response(null, { status: 204, headers: preflightHeaders(c.req.header('origin') ?? null) }),
  );
  for (const name of operationNames) {
    const { method, path } = endpoints[name];
    app.on(method, path.replace(/\{(\w+)\}/g, ':$1'), (c) => pipeline.operation(name, c.req.raw, c.req.param()));
  }
  // The registry calls the account of a session by the id-less path (a client learns its id there); the service
  // also serves it under the id (OpenAPI `account-details`), and so does the fake.
  app.get('/3/account/:account_id', (c) => pipeline.operation('accountDetails', c.req.raw, c.req.param()));
  app.all('/3/*', (c) => pipeline.unknown(c.req.raw));
  app.get('/t/p/:size/:file', (c) => pipeline.image(c.req.raw, c.req.param('size'), c.req.param('file')));

  const fetch = inProcessFetch(app, resolved.baseUrl ?? 'http://127.0.0.1');
  return { fetch, app, control, log };
}
