/// <reference types="node" />
/**
 * A built directory served over HTTP next to the fake service (Node only: it reads files), so that a page, its
 * module service worker and the fake's API share ONE origin: no CORS, and the worker's scope covers the page.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { contentSecurityPolicy, type PageOrigins } from './content-security-policy.js';
import { type Compressor, createCompressor } from './static-compression.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The content type of a file name, by extension; unknown ones are `application/octet-stream`. */
export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** The paths the fake service answers: the API, images and control. Everything else may be a static file. */
export function isFakeServicePath(pathname: string): boolean {
  return (
    pathname === '/3' ||
    pathname.startsWith('/3/') ||
    pathname.startsWith('/t/p/') ||
    pathname === '/__fake' ||
    pathname.startsWith('/__fake/')
  );
}

export type StaticHandler = (request: Request) => Promise<Response>;

export interface StaticHandlerOptions {
  /** The origins the served page may reach besides its own, written into its CSP. @default none */
  pageOrigins?: PageOrigins;
}

/**
 * What every file is sent with. The CSP goes on every answer, not only HTML: a script may run as a worker, whose
 * policy is its own response's, and an SVG opened by itself is a document. `nosniff` keeps a browser from running
 * a file as another type than the one named; `no-referrer` keeps the page's URL (its hash route) to itself.
 */
function securityHeaders(policy: string): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** Maps a URL path to a file inside `root`, or undefined when it would leave it (`..`, encoded or not; NUL). */
function fileInside(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const wanted = decoded.endsWith('/') ? `${decoded}index.html` : decoded;
  const file = resolve(root, `.${wanted}`);
  return file.startsWith(root + sep) ? file : undefined;
}

/** A file that exists inside `root` once symlinks are resolved (a link must not lead out of the directory). */
async function existingFile(root: string, file: string): Promise<string | undefined> {
  try {
    let real = await realpath(file);
    if ((await stat(real)).isDirectory()) real = await realpath(join(real, 'index.html'));
    if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) return undefined;
    return real;
  } catch {
    return undefined;
  }
}

/**
 * Serves the files under `directory` for GET and HEAD: `/` and any `dir/` answer their `index.html`; a path
 * outside the directory or a missing file answers 404. Text files (scripts, styles, HTML, JSON, SVG) go out
 * compressed, brotli or gzip, as the request accepts. Files are sent with `Cache-Control: no-cache` so a
 * rebuilt page or worker is seen at once, and scripts with `Service-Worker-Allowed: /`, because any script may
 * be registered as a module worker with the root scope (the header is inert for other requests). Every answer,
 * 404s included, carries the page's CSP, `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.
 */
export async function createStaticHandler(
  directory: string,
  options: StaticHandlerOptions = {},
): Promise<StaticHandler> {
  const secure = securityHeaders(contentSecurityPolicy(options.pageOrigins));
  const compressor: Compressor = createCompressor(readFile);
  const plain = (status: number, text: string, extra: Record<string, string> = {}): Response =>
    new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...secure, ...extra } });
  let root: string;
  try {
    root = await realpath(resolve(directory));
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new TypeError(`staticDir must be an existing directory, got ${JSON.stringify(directory)}`);
  }
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return plain(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    }
    const candidate = fileInside(root, new URL(request.url).pathname);
    const file = candidate === undefined ? undefined : await existingFile(root, candidate);
    if (file === undefined) return plain(404, 'Not Found');
    const type = contentTypeOf(file);
    const { body, encoding, varies } = await compressor.body(file, type, request.headers.get('accept-encoding'));
    const headers: Record<string, string> = {
      'content-type': type,
      'content-length': String(body.byteLength),
      'cache-control': 'no-cache',
      ...secure,
    };
    if (encoding) headers['content-encoding'] = encoding;
    if (varies) headers.vary = 'accept-encoding';
    if (type.startsWith('text/javascript')) headers['service-worker-allowed'] = '/';
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
