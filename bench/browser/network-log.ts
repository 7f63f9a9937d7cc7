/**
 * A page's requests as the DevTools protocol's Network domain reports them: what each cost on the wire
 * (`encodedDataLength` of `Network.loadingFinished`: headers and compressed body), how it was encoded, and how long
 * it took. Resource Timing says WHEN a resource finished on the page's clock; this says how many bytes it took,
 * which Resource Timing hides for a cross-origin answer without `Timing-Allow-Origin`.
 */
import type { CDPSession } from 'playwright-core';

/** A resource as the page's Resource Timing saw it: ms from navigation start. */
export interface Timing {
  readonly url: string;
  readonly start: number;
  readonly end: number;
}

interface Request {
  readonly url: string;
  readonly method: string;
  readonly sent: number;
  finished?: number;
  bytes?: number;
  encoding?: string;
}

export class NetworkLog {
  readonly #requests = new Map<string, Request>();

  constructor(private readonly cdp: CDPSession) {}

  async start(): Promise<void> {
    this.cdp.on('Network.requestWillBeSent', (e) => {
      this.#requests.set(e.requestId, { url: e.request.url, method: e.request.method, sent: e.timestamp });
    });
    this.cdp.on('Network.responseReceived', (e) => {
      const request = this.#requests.get(e.requestId);
      const header = Object.entries(e.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
      if (request && header) request.encoding = header[1];
    });
    this.cdp.on('Network.loadingFinished', (e) => {
      const request = this.#requests.get(e.requestId);
      if (!request) return;
      request.finished = e.timestamp;
      request.bytes = e.encodedDataLength;
    });
    await this.cdp.send('Network.enable');
  }

  /**
   * The bytes of every request to these resources' URLs (a CORS preflight shares its request's URL, so it is
   * counted with it), and the scripts' share.
   */
  bytesOf(resources: readonly Timing[]): { total: number; scripts: number } {
    const urls = new Set(resources.map((r) => r.url));
    let total = 0;
    let scripts = 0;
    for (const request of this.#requests.values()) {
      if (!urls.has(request.url)) continue;
      total += request.bytes ?? 0;
      if (new URL(request.url).pathname.endsWith('.js')) scripts += request.bytes ?? 0;
    }
    return { total, scripts };
  }

  /**
   * The finished network requests answered sooner than `ms` after they were sent (none, when the link applies),
   * CORS preflights (`OPTIONS`) apart: `preflights()` reports those.
   */
  fasterThan(ms: number): string[] {
    return this.#finished()
      .filter((r) => r.method !== 'OPTIONS' && r.ms < ms)
      .map((r) => `${r.method} ${r.url} in ${r.ms} ms`);
  }

  /** How long each CORS preflight took, ms from sent to finished. */
  preflights(): number[] {
    return this.#finished()
      .filter((r) => r.method === 'OPTIONS')
      .map((r) => r.ms);
  }

  #finished() {
    return [...this.#requests.values()]
      .filter((r) => r.url.startsWith('http') && r.finished !== undefined)
      .map((r) => ({ ...r, ms: Math.round(((r.finished as number) - r.sent) * 1000) }));
  }

  /** The GET requests whose path starts with `prefix` (e.g. the service's `/3/`), in the order they were sent. */
  apiUrls(prefix: string): string[] {
    return [...this.#requests.values()]
      .filter((r) => r.method === 'GET' && r.url.startsWith('http') && new URL(r.url).pathname.startsWith(prefix))
      .map((r) => r.url);
  }

  /** How many GET requests went to paths under `prefix`. */
  requestsTo(prefix: string): number {
    return this.apiUrls(prefix).length;
  }

  /** Each file's `Content-Encoding` (none: `identity`), by the last segment of its path. */
  encodings(): Record<string, string> {
    const byFile: Record<string, string> = {};
    for (const request of this.#requests.values()) {
      if (request.method !== 'GET' || !request.url.startsWith('http')) continue;
      const path = new URL(request.url).pathname;
      byFile[path.slice(path.lastIndexOf('/') + 1) || '/'] = request.encoding ?? 'identity';
    }
    return byFile;
  }
}
