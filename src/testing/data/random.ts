/**
 * Seeded, stateless hashing and a small stream generator. Records are generated on demand from
 * `hash(seed, kind, index)`, so any record can be produced without producing the ones before it: this is what
 * lets the large scale start instantly and use little memory.
 */

/** Mixes 32-bit integers into one well-spread 32-bit unsigned integer (murmur3 finalizer per step). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul(part | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
    // Parts above 2^32 (large ids) still contribute their high bits.
    if (part > 0xffffffff || part < -0xffffffff) h ^= Math.floor(part / 0x100000000) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string (FNV-1a then the same finalizer). */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return hash32(h);
}

/** A uniform number in [0, 1) from a hash of the parts. */
export function unit(...parts: number[]): number {
  return hash32(...parts) / 0x100000000;
}

/** A deterministic stream (mulberry32) for generating one record's fields in a fixed order. */
export class RecordRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) | 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items, in draw order. */
  pickDistinct<T>(items: readonly T[], count: number): T[] {
    const chosen: T[] = [];
    const used = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.length < wanted) {
      const index = Math.floor(this.next() * items.length);
      if (used.has(index)) continue;
      used.add(index);
      chosen.push(items[index] as T);
    }
    return chosen;
  }

  /** `count` distinct integers in [0, size), in draw order. */
  distinctInts(count: number, size: number): number[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, size);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * size));
    return [...chosen];
  }

  /** Lower-case hex of `length` digits (TMDB's 24-hex object ids, 40-hex session ids). */
  hex(length: number): string {
    let out = '';
    while (out.length < length)
      out += Math.floor(this.next() * 0x10000)
        .toString(16)
        .padStart(4, '0');
    return out.slice(0, length);
  }
}

/** A stream for one record of one kind. */
export function recordRandom(seed: number, kind: number, ...parts: number[]): RecordRandom {
  return new RecordRandom(hash32(seed, kind, ...parts));
}

/** Rounds to three decimals, the precision the service uses for popularity and vote averages. */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
