import { readFileSync } from 'node:fs';

/**
 * The TMDB OpenAPI description, carried by the repository (`test/fixtures/tmdb/`, see its README): tests read no
 * file outside the clone. One constant, so the fixture can move without touching the tests that read it.
 */
export const OPENAPI_PATH = new URL('../fixtures/tmdb/openapi/tmdb-openapi-v3.json', import.meta.url);

/** The subset of JSON Schema the document's response schemas use (plus `nullable`, which it never sets). */
export interface JsonSchema {
  readonly type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly nullable?: boolean;
  /** The value the schema was inferred from: says which kind of item a mixed array's schema describes. */
  readonly example?: unknown;
}

interface OpenApiOperation {
  readonly responses?: Readonly<
    Record<string, { readonly content?: Record<string, { readonly schema?: JsonSchema } | undefined> }>
  >;
}

interface OpenApiDocument {
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
}

let cached: OpenApiDocument | undefined;

/** The parsed document (3 MB: read once per test file). */
export function openApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  return cached;
}

/** A path template with its parameter names erased: the registry and the document name some of them differently. */
function pathShape(path: string): string {
  return path.replace(/\{\w+\}/g, '{}');
}

/**
 * The JSON response schema the document gives an operation for `status`. The document lists only `200` for writes
 * that really answer 201 (FACTS §1a), so a 2xx status falls back to the operation's one 2xx schema.
 */
export function responseSchema(method: string, path: string, status: number): JsonSchema | undefined {
  const { paths } = openApiDocument();
  const key = Object.keys(paths).find((candidate) => pathShape(candidate) === pathShape(path));
  const responses = key ? paths[key]?.[method.toLowerCase()]?.responses : undefined;
  if (!responses) return undefined;
  const exact = responses[String(status)];
  const success = Object.keys(responses).filter((code) => code.startsWith('2'));
  const chosen =
    exact ?? (status >= 200 && status < 300 && success.length === 1 ? responses[success[0] as string] : undefined);
  return chosen?.content?.['application/json']?.schema;
}

export interface SchemaCheckOptions {
  /** Field names whose value may be null although the document types them (it never says `nullable`). */
  readonly nullable?: ReadonlySet<string>;
  /**
   * Field names the document types `integer` only because its example happened to be whole (the schemas are
   * inferred from one example: `vote_average: 8` became `integer`); any finite number passes there.
   */
  readonly fractional?: ReadonlySet<string>;
}

/**
 * Fields that say which kind an item of a mixed array is: movies and series in `known_for` and tagged images
 * (`media_type`), change groups (`key`) and change items (`action`). The document's schema describes the kind of its
 * one example; an item of another kind is only checked for the types of the fields it shares with it, and its
 * `value`/`original_value`, whose type depends on the key (FACTS §6), not at all.
 */
const DISCRIMINATORS = ['media_type', 'key', 'action'] as const;
const KIND_DEPENDENT = new Set(['value', 'original_value']);

function isOtherKind(schema: JsonSchema, record: Record<string, unknown>): boolean {
  return DISCRIMINATORS.some((field) => {
    const example = schema.properties?.[field]?.example;
    return typeof example === 'string' && typeof record[field] === 'string' && record[field] !== example;
  });
}

/**
 * A scalar property listed without an example in a schema whose discriminator has one: the document merged the
 * kinds of a mixed list into one schema (`/3/search/multi`: a movie's example, with a series' `name` and
 * `original_name` beside it), so the property is another kind's, not one every item must carry.
 */
function ofAnotherKind(schema: JsonSchema, property: JsonSchema): boolean {
  const discriminated = DISCRIMINATORS.some((field) => typeof schema.properties?.[field]?.example === 'string');
  return discriminated && property.example === undefined && property.type !== 'object' && property.type !== 'array';
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matches(schema: JsonSchema, value: unknown, leaf: string, options: SchemaCheckOptions): boolean {
  const actual = typeOf(value);
  // A schema without a type (inferred from a null example) says nothing.
  if (schema.type === undefined) return true;
  if (actual === 'null') return schema.nullable === true || (options.nullable?.has(leaf) ?? false);
  switch (schema.type) {
    case 'number':
      return actual === 'number' || actual === 'integer';
    case 'integer':
      return actual === 'integer' || (actual === 'number' && (options.fractional?.has(leaf) ?? false));
    default:
      return actual === schema.type;
  }
}

/**
 * Where `value` breaks `schema`: a wrong JSON type, or a property the schema lists that the value lacks (the
 * document's schemas are inferred from a complete example and carry no `required`, so a listed property is one the
 * service sends). Properties the schema does not list are accepted: the service adds fields (FACTS §8).
 */
export function schemaErrors(schema: JsonSchema, value: unknown, options: SchemaCheckOptions = {}): string[] {
  return [...new Set(check(schema, value, options, '', false))];
}

/** `typesOnly`: inside an item of another kind than the schema's example (see DISCRIMINATORS). */
function check(
  schema: JsonSchema,
  value: unknown,
  options: SchemaCheckOptions,
  path: string,
  typesOnly: boolean,
): string[] {
  const leaf = path.replace(/\[\]$/, '').split('.').pop() ?? '';
  if (!matches(schema, value, leaf, options))
    return [`${path || '(root)'}: ${typeOf(value)}, schema says ${schema.type}`];
  const errors: string[] = [];
  if (schema.type === 'object' && schema.properties && value !== null) {
    const record = value as Record<string, unknown>;
    const otherKind = typesOnly || isOtherKind(schema, record);
    for (const [key, sub] of Object.entries(schema.properties)) {
      const at = `${path}.${key}`;
      if (!(key in record)) {
        if (!otherKind && !ofAnotherKind(schema, sub)) errors.push(`${at}: missing`);
      } else if (!(otherKind && KIND_DEPENDENT.has(key)))
        errors.push(...check(sub, record[key], options, at, otherKind));
    }
  } else if (schema.type === 'array' && schema.items && Array.isArray(value)) {
    for (const item of value) errors.push(...check(schema.items, item, options, `${path}[]`, typesOnly));
  }
  return errors;
}
