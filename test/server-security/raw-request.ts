/**
 * One HTTP request through `node:http`, which sends what `fetch` may not: a `Host` of the caller's choosing
 * (DNS rebinding), or an `Origin` and `Sec-Fetch-Site` exactly as another site's page would send them.
 */
import { request } from 'node:http';

export interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname.replace(/^\[|\]$/g, ''),
        port,
        path: `${pathname}${search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        // One connection per request: a test's `Host` must not be reused for the next one.
        agent: false,
      },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
