import { endpoints, type OperationName } from '../../api/endpoints.js';
import { hashString } from '../data/random.js';
import { placeholderSvg } from '../images.js';
import { operationHandlers } from '../routes/operations.js';
import { type Authentication, authenticate } from './authenticate.js';
import { etagMatches, weakEtag } from './etag.js';
import {
  type FaultInjector,
  type FaultPlan,
  malformedBody,
  NO_FAULT,
  PORTAL_PAGE,
  schemaViolatingBody,
} from './faults.js';
import { corsHeaders, jsonHeaders, RESET_HEADER } from './headers.js';
import type { FakeLogEntry, WritableFakeLog } from './log.js';
import type { RateLimiter } from './rate-limiter.js';
import type { FakeContext, OperationRequest } from './request.js';
import { FakeFailure, type HandlerResult, statusResult } from './status-codes.js';

/** A span of clock time during which every matching request is answered 429. */
export interface Storm {
  readonly from: number;
  readonly to: number;
  readonly operations?: ReadonlySet<string> | undefined;
}

export interface PipelineDeps {
  readonly ctx: FakeContext;
  readonly limiter: RateLimiter | undefined;
  readonly faults: FaultInjector;
  readonly storms: Storm[];
  readonly log: WritableFakeLog;
  readonly now: () => number;
}

type Fault = FakeLogEntry['fault'];

const encoder = new TextEncoder();

/** The service escapes `&` as `\u0026` (FACTS §8); `&` only occurs inside JSON strings, so this is safe. */
export function serialize(body: unknown): string {
  return JSON.stringify(body).replace(/&/g, '\\u0026');
}

/** Waits on the injected clock (never a real timer); stops waiting when the request is aborted. */
function delay(deps: PipelineDeps, ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  const { clock } = deps.ctx.options;
  return new Promise((resolve) => {
    const handle = clock.setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clock.clearTimeout(handle);
      resolve();
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(request: Request): Promise<unknown> {
  // DELETE carries a body too (`DELETE /3/authentication/session` sends the session id in it).
  if (request.method !== 'POST' && request.method !== 'DELETE') return undefined;
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new FakeFailure(statusResult(47));
  }
}

/** `max-age`: the remaining life of a cache entry whose phase depends on the URL, or the whole lifetime. */
function maxAge(deps: PipelineDeps, operation: OperationName, url: URL, now: number): number {
  const ttl = endpoints[operation].maxAgeSeconds;
  if (ttl <= 0 || operation === 'episodeChanges' || deps.ctx.options.cacheMaxAge === 'full') return ttl;
  const phase = hashString(url.pathname + url.search) % ttl;
  return ttl - ((Math.floor(now / 1000) + phase) % ttl);
}

export function createPipeline(deps: PipelineDeps) {
  const { options } = deps.ctx;

  function finish(entry: Omit<FakeLogEntry, 'bytes' | 'durationMs'>, response: Response, text: string): Response {
    deps.log.record({ ...entry, bytes: encoder.encode(text).length, durationMs: deps.now() - entry.time });
    return response;
  }

  const limit = options.rateLimit ? options.rateLimit.perSecond : 40;

  /** The legacy limiter's body (FACTS §2); `Retry-After` only when asked for, since the real CDN sends none. */
  function tooMany(origin: string | null, count: number, retryAfterMs: number): { response: Response; text: string } {
    const text = serialize({
      success: false,
      status_code: 25,
      status_message: `Your request count (${count}) is over the allowed limit of ${limit}.`,
    });
    const headers: Record<string, string> = jsonHeaders(origin, false);
    if (options.retryAfterHeader) headers['retry-after'] = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    return { response: new Response(text, { status: 429, headers }), text };
  }

  function admit(
    operation: string,
    request: Request,
    auth: Authentication,
    now: number,
  ): { response: Response; text: string; fault: Fault } | undefined {
    const origin = request.headers.get('origin');
    const storm = deps.storms.find(
      (s) => now >= s.from && now < s.to && (!s.operations || s.operations.has(operation)),
    );
    if (storm) return { ...tooMany(origin, limit + 1, storm.to - now), fault: 'storm' };
    const rejection = deps.limiter?.admit(auth.principal, now);
    if (rejection) return { ...tooMany(origin, rejection.count, rejection.retryAfterMs), fault: 'rate-limit' };
    return undefined;
  }

  function jsonResponse(
    operation: OperationName,
    request: Request,
    url: URL,
    result: HandlerResult,
    plan: FaultPlan,
  ): { response: Response; text: string; fault: Fault } {
    const origin = request.headers.get('origin');
    const ok = result.status >= 200 && result.status < 300;
    let fault: Fault;
    let body = result.body;
    if (ok && plan.kind === 'schema') {
      body = schemaViolatingBody(body, plan.variant);
      fault = 'schema';
    }
    let text = serialize(body);
    const headers: Record<string, string> = { ...jsonHeaders(origin, ok), ...result.headers };
    if (ok) {
      const seconds = request.method === 'GET' ? maxAge(deps, operation, url, deps.now()) : 0;
      headers['cache-control'] = `public, max-age=${seconds}`;
      headers.etag = weakEtag(text);
      if (
        request.method === 'GET' &&
        options.conditionalRequests &&
        etagMatches(request.headers.get('if-none-match'), headers.etag)
      ) {
        const { 'content-type': _type, ...notModified } = headers;
        return { response: new Response(null, { status: 304, headers: notModified }), text: '', fault };
      }
    }
    if (ok && plan.kind === 'malformed') {
      text = malformedBody(text, plan.variant);
      fault = 'malformed';
    }
    return { response: new Response(text, { status: result.status, headers }), text, fault };
  }

  function resetResponse(): Response {
    return new Response(null, { status: 502, headers: { [RESET_HEADER]: '1' } });
  }

  /** Serves one registry operation: rate limit, auth, faults, the handler, caching headers, the log. */
  async function operation(name: OperationName, request: Request, params: Record<string, string>): Promise<Response> {
    const time = deps.now();
    const url = new URL(request.url);
    const base = { operation: name, method: request.method, path: url.pathname, time };
    deps.ctx.state.lastOrigin = url.origin;
    const auth = authenticate(request, url, options);
    const rejected = admit(name, request, auth, time);
    if (rejected) return finish({ ...base, status: 429, fault: rejected.fault }, rejected.response, rejected.text);
    const plan = auth.ok ? deps.faults.plan(name) : NO_FAULT;
    await delay(deps, plan.delayMs, request.signal);
    if (plan.kind === 'reset' && plan.variant === 0)
      return finish({ ...base, status: 0, fault: 'reset' }, resetResponse(), '');
    // The portal answers before the service sees anything: nothing is committed.
    if (plan.kind === 'portal') {
      const portal = new Response(PORTAL_PAGE, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
      return finish({ ...base, status: 200, fault: 'portal' }, portal, PORTAL_PAGE);
    }
    let result: HandlerResult;
    try {
      if (!auth.ok) result = statusResult(7);
      else if (plan.kind === 'error') result = statusResult(plan.errorCode);
      else {
        const req: OperationRequest = {
          params,
          query: url.searchParams,
          body: await readBody(request),
          origin: url.origin,
          now: deps.now(),
        };
        result = operationHandlers[name](deps.ctx, req);
      }
    } catch (error) {
      if (!(error instanceof FakeFailure)) throw error;
      result = error.result;
    }
    // A reset after the handler ran: the change is committed but the answer is lost.
    if (plan.kind === 'reset') return finish({ ...base, status: 0, fault: 'reset' }, resetResponse(), '');
    const { response, text, fault } = jsonResponse(name, request, url, result, plan);
    return finish({ ...base, status: response.status, fault: plan.kind === 'error' ? 'error' : fault }, response, text);
  }

  /** A path under /3 that no operation serves: 404 code 34 (after the token check, like the service). */
  function unknown(request: Request): Response {
    const time = deps.now();
    const url = new URL(request.url);
    const result = authenticate(request, url, options).ok ? statusResult(34) : statusResult(7);
    const text = serialize(result.body);
    const response = new Response(text, {
      status: result.status,
      headers: jsonHeaders(request.headers.get('origin'), false),
    });
    return finish(
      { operation: 'unknown', method: request.method, path: url.pathname, time, status: result.status },
      response,
      text,
    );
  }

  /** `/t/p/{size}/{file}`: a placeholder image, public like the image CDN (no token, no rate limit). */
  function image(request: Request, size: string, file: string): Response {
    const origin = request.headers.get('origin');
    const entry = { operation: 'image', method: 'GET', path: new URL(request.url).pathname, time: deps.now() };
    const svg = placeholderSvg(size, file, deps.ctx.cat.imageLabels.of(file));
    if (svg === undefined) {
      const response = new Response('Not Found', { status: 404, headers: corsHeaders(origin) });
      return finish({ ...entry, status: 404 }, response, 'Not Found');
    }
    const headers = {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000',
      ...corsHeaders(origin),
    };
    return finish({ ...entry, status: 200 }, new Response(svg, { headers }), svg);
  }

  return { operation, unknown, image };
}

export type Pipeline = ReturnType<typeof createPipeline>;
