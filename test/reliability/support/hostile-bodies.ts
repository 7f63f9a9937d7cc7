/** Response bodies a hostile or broken server could send, built cheaply (a 50 MB body is never held in memory). */

export const FIFTY_MB = 50 * 1024 * 1024;
const CHUNK = 1024 * 1024;

/** A streamed body and how much of it the reader pulled. */
export interface HugeBody {
  readonly response: Response;
  /** Bytes handed to the reader so far. */
  pulled(): number;
  /** Whether the reader cancelled the stream (it stopped reading instead of draining it). */
  cancelled(): boolean;
}

/**
 * A `size`-byte JSON body: a valid envelope whose last field is one long string, produced 1 MiB at a time on
 * demand. `declareLength` sends `Content-Length`, which a careful reader refuses before reading a byte.
 */
export function hugeBody(options: { size?: number; status?: number; declareLength?: boolean } = {}): HugeBody {
  const size = options.size ?? FIFTY_MB;
  const head = new TextEncoder().encode('{"page":1,"results":[],"total_pages":1,"total_results":0,"pad":"');
  const tail = new TextEncoder().encode('"}');
  const filler = new Uint8Array(CHUNK).fill(0x61);
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(head);
          sent += head.byteLength;
          return;
        }
        const left = size - sent - tail.byteLength;
        if (left <= 0) {
          controller.enqueue(tail);
          sent += tail.byteLength;
          controller.close();
          return;
        }
        const piece = left >= CHUNK ? filler : filler.subarray(0, left);
        controller.enqueue(piece);
        sent += piece.byteLength;
      },
      cancel() {
        cancelled = true;
      },
    },
    // No read-ahead: what `pulled()` reports is what the reader asked for.
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { 'Content-Type': 'application/json;charset=utf-8' };
  if (options.declareLength) headers['Content-Length'] = String(size);
  return {
    response: new Response(stream, { status: options.status ?? 200, headers }),
    pulled: () => sent,
    cancelled: () => cancelled,
  };
}

/** A valid paged envelope whose unknown `extra` field nests `depth` arrays (or objects). */
export function deeplyNestedEnvelope(depth: number, shape: 'array' | 'object' = 'array'): string {
  const nested = shape === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : deepObject(depth);
  return `{"page":1,"results":[],"total_pages":1,"total_results":0,"extra":${nested}}`;
}

/** `{"a":{"a":…1…}}`, `depth` levels. */
export function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A bare array nested `depth` levels: the whole body is the hostile value. */
export function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** An episode change feed whose image change value nests `depth` levels (change values are free-form objects). */
export function deepChangeFeed(depth: number): string {
  return JSON.stringify({
    changes: [{ key: 'images', items: [{ id: 'c1', action: 'added', time: '2026-11-01 10:00:00 UTC', value: 0 }] }],
  }).replace('"value":0', `"value":${deepObject(depth)}`);
}

const POISON = { polluted: true, valueOf: 'poisoned', toString: 'poisoned' };

/**
 * A copy of `value` (parsed JSON) with `__proto__`, `constructor` and `prototype` keys added to every object at
 * every depth, serialised: `JSON.stringify` writes an own `__proto__` property as an ordinary key.
 */
export function withPrototypeKeys(value: unknown): string {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = {};
    // Defined, never assigned: assigning `__proto__` would set the copy's prototype instead of adding a key.
    const define = (key: string, child: unknown) =>
      Object.defineProperty(copy, key, { value: child, enumerable: true, writable: true, configurable: true });
    for (const [key, child] of Object.entries(node)) define(key, walk(child));
    define('__proto__', POISON);
    define('constructor', { prototype: POISON });
    define('prototype', POISON);
    return copy;
  };
  return JSON.stringify(walk(value));
}

/** An episode change feed whose values are objects carrying the prototype keys, at several depths. */
export function prototypeChangeFeed(): string {
  const value = JSON.parse(
    '{"file_path":"/still.jpg","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},' +
      '"nested":{"deeper":{"__proto__":{"polluted":true},"prototype":{"polluted":true}}}}',
  );
  return withPrototypeKeys({
    changes: [
      { key: 'images', items: [{ id: 'c1', action: 'added', time: '2026-11-01 10:00:00 UTC', value }] },
      { key: 'name', items: [{ id: 'c2', action: 'updated', time: '2026-11-01 10:00:00 UTC', value: 'New name' }] },
    ],
  });
}
