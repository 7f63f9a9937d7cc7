import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { endpoints } from '../../src/api/endpoints.js';

/**
 * The real TMDB samples the tests read, carried by the repository (`test/fixtures/tmdb/`, see its README): a clone
 * on a machine with nothing beside it runs every test.
 */
export const samplesDir = new URL('../fixtures/tmdb/samples/', import.meta.url);

/**
 * One MANIFEST entry. Loose on purpose: a new key in the manifest must not break every test, while the keys the
 * tests rely on are checked, so a renamed one fails loudly instead of silently skipping cases.
 */
const manifestEntry = z.looseObject({
  file: z.string().min(1),
  /** `response` (parses), `error` (a ServiceError), `success` (a write's success envelope), `beyond the 19`. */
  kind: z.string().min(1),
  /** A registry name for the 19 operations; otherwise free text (`GET /3/tv/changes`, `any`, …). */
  operation: z.string().min(1),
  httpStatus: z.number().int(),
  expect: z.string(),
  /** The service's `status_code` an error sample carries (`null` for the 422 `{ errors }` shape). */
  statusCode: z.number().int().nullable().optional(),
  note: z.string().optional(),
});

export type ManifestEntry = z.output<typeof manifestEntry>;

const manifest = z.looseObject({ samples: z.array(manifestEntry).min(1) });

let cached: ManifestEntry[] | undefined;

/** Every entry of `MANIFEST.json`, validated (read once per test file). Synchronous, so tests can generate cases. */
export function readManifest(): ManifestEntry[] {
  cached ??= manifest.parse(JSON.parse(readSampleText('MANIFEST.json'))).samples;
  return cached;
}

/** The raw text of a sample file, by its path relative to `tmdb-samples/` (e.g. `errors/tv.404-not-found-34.json`). */
export function readSampleText(file: string): string {
  return readFileSync(new URL(file, samplesDir), 'utf8');
}

/** A sample file parsed as JSON. */
export function readSample(file: string): unknown {
  return JSON.parse(readSampleText(file));
}

/**
 * The JSON sample files on disk (relative paths), excluding the manifest itself and `headers/` (header captures,
 * not bodies): what the manifest is expected to cover.
 */
export function listSampleFiles(): string[] {
  const root = fileURLToPath(samplesDir);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => file.endsWith('.json') && file !== 'MANIFEST.json' && !file.startsWith('headers/'))
    .sort();
}

/**
 * The body of the first `response` sample the manifest lists for `operation`: a real answer for fakes that need
 * one. Throws when the operation has none.
 */
export function responseSampleOf(operation: string): unknown {
  const entry = readManifest().find((e) => e.kind === 'response' && e.operation === operation);
  if (entry) return readSample(entry.file);
  // Operations beyond the 19: their "beyond the 19" sample (matched by route), else the OpenAPI's example.
  const endpoint = (endpoints as Record<string, { method: string; path: string }>)[operation];
  if (endpoint) {
    const route = routeKey(endpoint.method, endpoint.path);
    const beyond = readManifest().find(
      (e) => e.kind === 'beyond the 19' && e.operation.replace(/\{\w+\}/g, '{}') === route,
    );
    if (beyond) return readSample(beyond.file);
    const example = openApiDetailExample(endpoint.path) ?? openApiExample(endpoint.path);
    if (example !== undefined) return example;
  }
  throw new Error(`MANIFEST.json has no response sample for ${operation}`);
}

/** "METHOD /3/path/{x}" with placeholders blanked: placeholder names differ between the manifest and the registry. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{\w+\}/g, '{}')}`;
}

/** The service's own OpenAPI description, as published (a copy carried by the repository). */
export const openApiFile = new URL('../fixtures/tmdb/openapi/tmdb-openapi-v3.json', import.meta.url);

interface OpenApiDocument {
  paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, unknown> }> } }>;
}

let openApi: OpenApiDocument | undefined;

/** The 200 example of a GET path in the OpenAPI description, parsed, or undefined. */
export function openApiExample(path: string): unknown {
  // 3 MB of JSON: parsed once per test file, not once per call.
  openApi ??= JSON.parse(readFileSync(openApiFile, 'utf8')) as OpenApiDocument;
  const spec = openApi;
  const content = spec.paths[path]?.get?.responses?.['200']?.content?.['application/json'] as
    | { examples?: Record<string, { value?: unknown }> }
    | undefined;
  // Most examples are named `Result` and hold JSON text; a few (movie details: `OK`) hold the object itself.
  const value = content?.examples?.Result?.value ?? Object.values(content?.examples ?? {})[0]?.value;
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** The sub-resources the library appends to each detail path, and the path whose example each one is. */
const APPENDED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '/3/movie/{movie_id}': { credits: '/3/movie/{movie_id}/credits', videos: '/3/movie/{movie_id}/videos' },
  '/3/tv/{series_id}': { credits: '/3/tv/{series_id}/credits' },
  '/3/person/{person_id}': { combined_credits: '/3/person/{person_id}/combined_credits' },
};

/**
 * A detail path's OpenAPI example with its sub-resources appended as the service appends them: each one's own
 * example without its `id`. Undefined for a path that appends nothing.
 */
export function openApiDetailExample(path: string): Record<string, unknown> | undefined {
  const appended = APPENDED[path];
  if (!appended) return undefined;
  const example = { ...(openApiExample(path) as Record<string, unknown>) };
  for (const [name, subPath] of Object.entries(appended)) {
    const { id: _id, ...part } = openApiExample(subPath) as Record<string, unknown>;
    example[name] = part;
  }
  return example;
}
