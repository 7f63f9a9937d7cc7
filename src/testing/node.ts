/// <reference types="node" />
/**
 * `catalogue-sync/testing/node`: the fake catalogue service over HTTP (Node only: it uses @hono/node-server).
 * With `staticDir`, the same server also serves a built page and its service worker: one origin for all, under a
 * strict Content-Security-Policy. It answers only loopback `Host` names unless told otherwise (DNS rebinding).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { PageOrigins } from './content-security-policy.js';
import { createFakeService, type FakeService } from './create-fake-service.js';
import { hostCheck } from './host-check.js';
import { RESET_HEADER } from './service/headers.js';
import type { FakeServiceOptions } from './service/options.js';
import { createStaticHandler, isFakeServicePath, type StaticHandler } from './static-directory.js';

export type { PageOrigins } from './content-security-policy.js';

export interface ServeFakeServiceOptions extends FakeServiceOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Interface to listen on. @default '127.0.0.1' */
  host?: '127.0.0.1' | (string & {});
  /**
   * A built directory (a page, its service worker, a manifest…) served for every path the fake does not own:
   * `/3/…`, `/t/p/…` and `/__fake/…` stay the fake's; `/` answers `index.html`. @default none (the fake only)
   */
  staticDir?: string;
  /**
   * Origins the page in `staticDir` may reach besides this server, written into its CSP (`connect-src`,
   * `img-src`). @default none: the page reaches only this server
   */
  pageOrigins?: PageOrigins;
  /**
   * `Host` names answered besides loopback ones (`localhost`, `*.localhost`, 127.0.0.0/8, `[::1]`) and `host`
   * itself; other names get 421, so a site that rebinds its name to this machine cannot read it. Listening on
   * `0.0.0.0` or `::` also answers any IP address. @default none
   */
  allowedHosts?: readonly string[];
  /** Answer any `Host` (behind a proxy that checks it). @default false */
  allowAnyHost?: boolean;
}

export interface ServedFakeService {
  /** `http://host:port`, without a trailing slash: the client's `baseUrl`. */
  readonly url: string;
  readonly service: FakeService;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Serves a new fake service; image URLs in `/3/configuration` point at this server. */
export async function serveFakeService(options: ServeFakeServiceOptions = {}): Promise<ServedFakeService> {
  const {
    port = 0,
    host = '127.0.0.1',
    staticDir,
    pageOrigins,
    allowedHosts,
    allowAnyHost,
    ...serviceOptions
  } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new TypeError('serveFakeService: port must be an integer in [0, 65535]');
  }
  if (staticDir !== undefined && typeof staticDir !== 'string') {
    throw new TypeError('serveFakeService: staticDir must be a directory path');
  }
  const allowedHost = optionOrThrow(() => hostCheck({ listenHost: host, allowedHosts, allowAnyHost }));
  const files: StaticHandler | undefined =
    staticDir === undefined ? undefined : await createStaticHandler(staticDir, { pageOrigins }).catch(rethrowAsOption);
  const service = createFakeService(serviceOptions);
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        hostname: host,
        port,
        fetch: async (request, env) => {
          const { hostname, pathname } = new URL(request.url);
          if (!allowedHost(hostname)) return misdirected(hostname);
          if (files && !isFakeServicePath(pathname)) return files(request);
          const response = await service.app.fetch(request);
          // A reset fault: drop the connection without an answer, as a failing network would.
          if (response.headers.has(RESET_HEADER)) env.incoming.socket.destroy();
          return response;
        },
      },
      (info: AddressInfo) => {
        const shownHost = host.includes(':') ? `[${host}]` : host;
        resolve({
          url: `http://${shownHost}:${info.port}`,
          service,
          close: () =>
            new Promise<void>((done, fail) => {
              (server as { closeAllConnections?: () => void }).closeAllConnections?.();
              server.close((error) => (error ? fail(error) : done()));
            }),
        });
      },
    );
    server.once('error', reject);
  });
}

/** 421: this server does not answer for that name (the request reached it through someone else's DNS). */
function misdirected(hostname: string): Response {
  const text =
    `Host ${JSON.stringify(hostname)} is not answered here: only loopback names are, unless the server is ` +
    'started with allowedHosts (serve:fake --allowed-host NAME) or allowAnyHost (--any-host).\n';
  return new Response(text, {
    status: 421,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

function optionOrThrow<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    return rethrowAsOption(error);
  }
}

function rethrowAsOption(error: unknown): never {
  throw new TypeError(`serveFakeService: ${error instanceof Error ? error.message : String(error)}`);
}
