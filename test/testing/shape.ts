/**
 * Structural comparison of a fake response with a real sample: every key the real sample has is present in
 * the fake's answer with the same JSON type. Arrays of mixed items (known_for, tagged images, change items) are
 * compared kind by kind (`media_type`, else `action`); a key is required when every sample item of that kind has
 * it. Null is accepted where any real sample of the operation sends null, and for the fields FACTS §8 documents
 * as nullable even where the samples at hand happen to carry a value. Where a sample only has null, any type
 * passes here (the schema check decides).
 */

type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean';

interface Shape {
  types: Set<JsonType>;
  /** Keys every sample object at this place has. */
  required?: Set<string>;
  keys?: Map<string, Shape>;
  items?: Map<string, Shape>;
}

/** FACTS §8 and SPEC: image paths, languages, external ids and runtimes may be null on the real service. */
export const DOCUMENTED_NULLABLE: ReadonlySet<string> = new Set([
  'poster_path',
  'backdrop_path',
  'profile_path',
  'still_path',
  'iso_639_1',
  'iso_3166_1',
  'runtime',
  'facebook_id',
  'freebase_id',
  'freebase_mid',
  'imdb_id',
  'instagram_id',
  'tiktok_id',
  'tvrage_id',
  'twitter_id',
  'wikidata_id',
  'youtube_id',
]);

export function jsonType(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}

function kindOf(item: unknown): string {
  if (typeof item !== 'object' || item === null) return '*';
  const record = item as Record<string, unknown>;
  if (typeof record.media_type === 'string') return `media_type=${record.media_type}`;
  if (typeof record.action === 'string') return `action=${record.action}`;
  return '*';
}

function add(shape: Shape | undefined, value: unknown): Shape {
  const result: Shape = shape ?? { types: new Set() };
  const type = jsonType(value);
  result.types.add(type);
  if (type === 'object') {
    const record = value as Record<string, unknown>;
    const keys = new Set(Object.keys(record));
    result.required = result.required ? new Set([...result.required].filter((k) => keys.has(k))) : keys;
    result.keys ??= new Map();
    for (const key of keys) result.keys.set(key, add(result.keys.get(key), record[key]));
  } else if (type === 'array') {
    result.items ??= new Map();
    for (const item of value as unknown[]) result.items.set(kindOf(item), add(result.items.get(kindOf(item)), item));
  }
  return result;
}

/** The merged shape of one or more samples. */
export function shapeOf(...samples: unknown[]): Shape {
  let shape: Shape | undefined;
  for (const sample of samples) shape = add(shape, sample);
  return shape as Shape;
}

/** Paths (without indexes) where any of the samples has null. */
export function nullPaths(samples: unknown[]): Set<string> {
  const paths = new Set<string>();
  const walk = (value: unknown, path: string) => {
    if (value === null) paths.add(path);
    else if (Array.isArray(value)) for (const item of value) walk(item, `${path}[]`);
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
  };
  for (const sample of samples) walk(sample, '');
  return paths;
}

/** Differences between the fake's value and the sample shape; empty when it conforms. */
export function compareWithShape(fake: unknown, shape: Shape, nullable: Set<string>, path = ''): string[] {
  const type = jsonType(fake);
  const leaf = path.replace(/\[\]$/, '').split('.').pop() ?? '';
  // A sample that only ever sends null says nothing of the type; the schema check covers it.
  const onlyNull = shape.types.size === 1 && shape.types.has('null');
  if (!shape.types.has(type) && !onlyNull) {
    const nullOk = type === 'null' && (nullable.has(path) || DOCUMENTED_NULLABLE.has(leaf));
    return nullOk ? [] : [`${path || '(root)'}: ${type}, real sample has ${[...shape.types].join('|')}`];
  }
  const errors: string[] = [];
  if (type === 'object' && shape.keys) {
    const record = fake as Record<string, unknown>;
    for (const key of shape.required ?? []) {
      if (!(key in record)) errors.push(`${path}.${key}: missing`);
    }
    for (const [key, sub] of shape.keys) {
      if (key in record) errors.push(...compareWithShape(record[key], sub, nullable, `${path}.${key}`));
    }
  } else if (type === 'array' && shape.items && shape.items.size > 0) {
    for (const item of fake as unknown[]) {
      const sub = shape.items.get(kindOf(item)) ?? (shape.items.size === 1 ? shape.items.get('*') : undefined);
      if (!sub) errors.push(`${path}[]: an item of kind ${kindOf(item)} that the real sample does not have`);
      else errors.push(...compareWithShape(item, sub, nullable, `${path}[]`));
    }
  }
  return [...new Set(errors)];
}
