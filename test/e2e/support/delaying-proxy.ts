/**
 * A slow link in front of a server: an HTTP proxy on its own 127.0.0.1 port that holds every request `delayMs`
 * before forwarding it, and logs when each one arrived. The `Host` header goes through as the browser sent it,
 * so the server sees (and writes into its answers, e.g. the image base URL) the proxy's origin: to the page, the
 * proxy is the site. Its origin differs from the server's, so a page opened through it has storage of its own.
 */
import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DelayingProxy {
  /** `http://127.0.0.1:port`. */
  readonly url: string;
  /** How long each request waits before it is forwarded; change it at any time. */
  delayMs: number;
  /** The requests since the last call (method, path, when they arrived), oldest first. */
  take(): { method: string; path: string; at: number }[];
  close(): Promise<void>;
}

export async function startDelayingProxy(target: string, delayMs = 0): Promise<DelayingProxy> {
  const { hostname, port } = new URL(target);
  let log: { method: string; path: string; at: number }[] = [];
  const proxy: DelayingProxy = {
    url: '',
    delayMs,
    take() {
      const taken = log;
      log = [];
      return taken;
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  const server = createServer((incoming, outgoing) => {
    log.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', at: Date.now() });
    setTimeout(() => {
      const upstream = forward(
        { hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    }, proxy.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}
