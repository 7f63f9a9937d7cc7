/// <reference types="node" />
/**
 * Compression of a served directory's text files, as a production server or CDN would send them: brotli when the
 * request accepts it, else gzip, else the file as it is. Each file is compressed once per content (its size and
 * modification time) and kept: a build's files are few and served many times.
 */
import { stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** A file's bytes (never on shared memory, which a `Response` body cannot be). */
export type Bytes = Buffer<ArrayBuffer>;

export interface CompressedBody {
  readonly body: Bytes;
  /** `Content-Encoding`, when compressed. */
  readonly encoding?: Encoding;
  /** Whether the answer depends on `Accept-Encoding` (a compressible file), so caches must keep them apart. */
  readonly varies: boolean;
}

export interface Compressor {
  body(file: string, contentType: string, acceptEncoding: string | null): Promise<CompressedBody>;
}

/** Below this many bytes compression saves less than the headers it costs. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|manifest\+json|javascript)|image\/svg\+xml)/;

// zlib's output is a plain Buffer of its own.
const brotli = promisify(brotliCompress) as (input: Bytes, options: object) => Promise<Bytes>;
const gzipped = promisify(gzip) as (input: Bytes, options: object) => Promise<Bytes>;

/**
 * The encoding to send for an `Accept-Encoding` value: `br` over `gzip` when both are acceptable (a quality of 0
 * refuses one; `*` accepts any not named), none when neither is.
 */
export function chooseEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name) quality.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: Encoding) => (quality.get(name) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

export function createCompressor(read: (file: string) => Promise<Bytes>): Compressor {
  const kept = new Map<string, Promise<Bytes>>();
  const compress = (key: string, make: () => Promise<Bytes>) => {
    let body = kept.get(key);
    if (!body) {
      body = make();
      kept.set(key, body);
      // A failure is not kept: the next request tries again.
      body.catch(() => kept.delete(key));
    }
    return body;
  };
  return {
    async body(file, contentType, acceptEncoding) {
      // The file's identity before its bytes: a rebuild between the two then leaves a key no request asks again.
      const { size, mtimeMs } = await stat(file);
      const plain = await read(file);
      if (!COMPRESSIBLE.test(contentType) || plain.byteLength < MIN_BYTES) return { body: plain, varies: false };
      const encoding = chooseEncoding(acceptEncoding);
      if (!encoding) return { body: plain, varies: true };
      const key = `${encoding}\0${file}\0${size}\0${mtimeMs}`;
      const body = await compress(key, () =>
        encoding === 'br'
          ? // Quality 5: within a few percent of the best for a bundle, at a fraction of the time.
            brotli(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipped(plain, { level: 6 }),
      );
      return { body, encoding, varies: true };
    },
  };
}
