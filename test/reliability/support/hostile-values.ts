import { expect } from 'vitest';
import { endpoints, type OperationName } from '../../../src/api/index.js';
import { numberParam } from '../../../src/api/schemas/params.js';

/** One hostile value for a path parameter, with the kind it is counted under in the README's table. */
export interface HostileValue {
  readonly kind: string;
  readonly label: string;
  readonly value: unknown;
}

const LONG = 'x'.repeat(100_000);

/**
 * Values a path parameter must refuse, whatever its type (id, season/episode number, `time_window` enum). Strings
 * that bend a URL (`../`, encoded slashes, query and fragment marks), sizes beyond any id, non-finite and
 * fractional numbers, numbers as strings, structures, and keys meaning something to JavaScript.
 */
export const HOSTILE_PATH_VALUES: readonly HostileValue[] = [
  { kind: 'traversal', label: '../', value: '../' },
  { kind: 'traversal', label: '../../3/account', value: '../../3/account' },
  { kind: 'traversal', label: '..%2F', value: '..%2F' },
  { kind: 'traversal', label: '%2e%2e', value: '%2e%2e' },
  { kind: 'traversal', label: '%2F', value: '%2F' },
  { kind: 'traversal', label: '/', value: '/' },
  { kind: 'traversal', label: '1/../2', value: '1/../2' },
  { kind: 'traversal', label: 'day/../week', value: 'day/../week' },
  { kind: 'traversal', label: 'fullwidth solidus', value: 'day\uFF0F..' },
  { kind: 'query or fragment', label: '?', value: '?' },
  { kind: 'query or fragment', label: '1?session_id=x', value: '1?session_id=x' },
  { kind: 'query or fragment', label: '#', value: '#' },
  { kind: 'query or fragment', label: 'day#x', value: 'day#x' },
  { kind: 'empty or whitespace', label: 'empty', value: '' },
  { kind: 'empty or whitespace', label: 'space', value: ' ' },
  { kind: 'empty or whitespace', label: '" 1"', value: ' 1' },
  { kind: 'empty or whitespace', label: '"day "', value: 'day ' },
  { kind: 'empty or whitespace', label: 'tab, newline, NUL', value: '\t\n\u0000' },
  { kind: 'huge', label: '1e300', value: 1e300 },
  { kind: 'huge', label: '2**53', value: 2 ** 53 },
  { kind: 'huge', label: 'Number.MAX_VALUE', value: Number.MAX_VALUE },
  { kind: 'huge', label: '100k-char string', value: LONG },
  { kind: 'huge', label: 'bigint', value: 10n ** 30n },
  { kind: 'negative', label: '-1', value: -1 },
  { kind: 'negative', label: '-0.5', value: -0.5 },
  { kind: 'negative', label: '-2**53', value: -(2 ** 53) },
  { kind: 'non-finite', label: 'NaN', value: Number.NaN },
  { kind: 'non-finite', label: 'Infinity', value: Number.POSITIVE_INFINITY },
  { kind: 'non-finite', label: '-Infinity', value: Number.NEGATIVE_INFINITY },
  { kind: 'float', label: '1.5', value: 1.5 },
  { kind: 'float', label: '1e-7', value: 1e-7 },
  { kind: 'string for number', label: '"1"', value: '1' },
  { kind: 'string for number', label: '"1399"', value: '1399' },
  { kind: 'string for number', label: '"0x10"', value: '0x10' },
  { kind: 'string for number', label: '"1e3"', value: '1e3' },
  { kind: 'structure', label: '{}', value: {} },
  { kind: 'structure', label: '[]', value: [] },
  { kind: 'structure', label: '[1]', value: [1] },
  { kind: 'structure', label: 'null', value: null },
  { kind: 'structure', label: 'true', value: true },
  { kind: 'structure', label: 'new Number(1)', value: new Number(1) },
  { kind: 'structure', label: 'Date', value: new Date(1) },
  { kind: 'structure', label: 'function', value: () => 1 },
  { kind: 'structure', label: 'symbol', value: Symbol('id') },
  { kind: 'structure', label: 'toString object', value: { toString: () => '1', valueOf: () => 1 } },
  { kind: '__proto__', label: '"__proto__"', value: '__proto__' },
  { kind: '__proto__', label: '"constructor"', value: 'constructor' },
  { kind: '__proto__', label: 'JSON __proto__ object', value: JSON.parse('{"__proto__":{"valueOf":1}}') },
];

/** `0` is refused where ids start at 1; season and episode numbers take 0 (season 0 holds the specials). */
export const ZERO: HostileValue = { kind: 'zero id', label: '0', value: 0 };

/** The hostile values a parameter of an operation must refuse (a path parameter, or `page`). */
export function hostileValuesFor(operation: OperationName, param: string): readonly HostileValue[] {
  const schema = (endpoints[operation].pathParams.shape as Record<string, unknown>)[param];
  return schema === numberParam ? HOSTILE_PATH_VALUES : [...HOSTILE_PATH_VALUES, ZERO];
}

export function pathParamsOf(operation: OperationName): string[] {
  return Object.keys(endpoints[operation].pathParams.shape);
}

/** The parameters the hostile values are tried on: every path parameter, and `page` (it too starts at 1). */
export function checkedParamsOf(operation: OperationName): string[] {
  return [...pathParamsOf(operation), ...(endpoints[operation].paged ? ['page'] : [])];
}

/**
 * Parameter objects that abuse the object itself: a JSON-parsed own `__proto__` key, a crafted prototype carrying
 * the parameters, and `constructor`/`prototype` keys. `valid` are the operation's otherwise valid parameters.
 */
export function hostileParamObjects(valid: Record<string, unknown>): { label: string; params: unknown }[] {
  const own = JSON.parse('{"__proto__":{"page":2}}') as Record<string, unknown>;
  return [
    { label: 'own __proto__ key', params: Object.assign(own, valid) },
    { label: 'params only on the prototype', params: Object.create(valid) },
    { label: 'constructor key', params: { ...valid, constructor: { prototype: { polluted: true } } } },
    { label: 'prototype key', params: { ...valid, prototype: 1 } },
  ];
}

/** What Object.prototype and friends look like now: names and descriptors of their own properties. */
export function prototypeFingerprint(): string {
  const describe = (target: object) =>
    Object.getOwnPropertyNames(target)
      .sort()
      .map((name) => {
        const descriptor = Object.getOwnPropertyDescriptor(target, name);
        return `${name}:${typeof descriptor?.value}:${String(descriptor?.writable)}`;
      })
      .join(',');
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype].map(describe).join('|');
}

/** No prototype pollution: nothing new on Object.prototype, and a fresh object inherits nothing unexpected. */
export function expectNoPollution(before: string): void {
  expect(prototypeFingerprint()).toBe(before);
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.valueOf).toBe(Object.prototype.valueOf);
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
}

/** Walks a stored value: every key at every depth, iteratively (the values may come from hostile bodies). */
export function allKeys(value: unknown): string[] {
  const keys: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const proto = Object.getPrototypeOf(node);
      if (proto !== Object.prototype && proto !== null) keys.push('<foreign prototype>');
    }
    for (const key of Reflect.ownKeys(node)) {
      keys.push(String(key));
      stack.push((node as Record<PropertyKey, unknown>)[key]);
    }
  }
  return keys;
}

/** Image paths that would leave the image host, run script, or smuggle a query, fragment or lookalike. */
export const HOSTILE_IMAGE_PATHS: readonly string[] = [
  '//evil.example/x.jpg',
  '/\\evil.example',
  '/\\evil.example/x.jpg',
  '\\\\evil.example\\x.jpg',
  'javascript:alert(1)',
  'javascript:alert(1)//x.jpg',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'https://evil.example/x.jpg',
  'x.jpg',
  '/../x.jpg',
  '/..%2Fx.jpg',
  '/%2e%2e/x',
  '/%2e%2e.jpg',
  '/x.jpg?y=1',
  '/x.jpg#y',
  '/x .jpg',
  ' /x.jpg',
  '/x.jpg ',
  '/x.jpg\n',
  '/x.jpg\t',
  '/x\u0000.jpg',
  '/x\u202e.gpj',
  '\uFF0Fx.jpg',
  '/x\uFF0Ejpg',
  '/\u0445.jpg',
  '/x.jpg/',
  '/a/b.jpg',
  '',
  '/',
  '/x',
  '/.jpg',
];

/** Size tokens a caller might pass that the configuration does not list for the kind. */
export const HOSTILE_SIZES: readonly string[] = [
  '',
  'w501',
  'W500',
  ' w500',
  'original/',
  '../w500',
  'w500/../..',
  'w500?x=1',
  '//evil.example',
  '__proto__',
  'constructor',
  'toString',
  'length',
];

/** Image base URLs a crafted configuration might carry in place of `https://image.tmdb.org/t/p/`. */
export const HOSTILE_BASES: readonly string[] = [
  'javascript:alert(1)//',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/t/p/',
  '/t/p/',
  'https://user:secret@evil.example/t/p/',
  'https://image.tmdb.org/t/p/?redirect=https://evil.example/',
  'https://image.tmdb.org/t/p/#',
  '',
];

/** Cases tried, by kind, for the run's summary line (copied into test/reliability/README.md). */
export class Tally {
  // A Map, not an object: one of the kinds counted is `__proto__`.
  readonly counts = new Map<string, number>();

  add(kind: string, n = 1): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }

  line(label: string): string {
    const parts = [...this.counts].map(([kind, n]) => `${kind}=${n}`);
    return `[reliability] ${label}: ${parts.join(' ')}\n`;
  }
}
