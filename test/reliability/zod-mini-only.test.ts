import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  createApiClient,
  type InvalidParamsError,
  isInvalidParamsError,
  isSchemaValidationError,
  type SchemaValidationError,
} from '../../src/api-entry.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';

/**
 * The library builds its schemas with `zod/mini` only (issue 24): importing classic `zod` anywhere in `src/` would
 * bring the whole classic build into every bundle. Types may also come from `zod/v4/core`, and the English locale from
 * `zod/locales`. And since `zod/mini` loads no locale, the parses whose issues reach a caller still word them in English. This file imports nothing that
 * loads classic zod, so zod's global configuration here is mini's own.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
/** `zod/locales` for the English issue messages, by name (the other locales stay out of a bundle). */
const ALLOWED = new Set(['zod/mini', 'zod/v4/core', 'zod/locales']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(path) ? [path] : [];
  });
}

/** Every zod module specifier a file names: static imports (type or value), re-exports and dynamic imports. */
function zodSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(
    /\bfrom\s+['"](zod(?:\/[^'"]*)?)['"]|\bimport\(\s*['"](zod(?:\/[^'"]*)?)['"]\s*\)/g,
  )) {
    found.push((match[1] ?? match[2]) as string);
  }
  return found;
}

describe('src/ uses zod/mini, never classic zod', () => {
  const files = sources(SRC);
  const imports = files.flatMap((file) =>
    zodSpecifiers(readFileSync(file, 'utf8')).map((specifier) => ({ file: relative(SRC, file), specifier })),
  );

  it('finds the zod imports (a scan of nothing would pass)', () => {
    expect(zodSpecifiers("import * as z from 'zod/mini';\nimport { z } from 'zod';")).toEqual(['zod/mini', 'zod']);
    expect(zodSpecifiers("export { z } from 'zod';\nawait import('zod/v4');")).toEqual(['zod', 'zod/v4']);
    expect(imports.length).toBeGreaterThan(30);
    expect(imports).toContainEqual({ file: 'api/schemas/tv-series-summary.ts', specifier: 'zod/mini' });
  });

  it('the parameter checks import no zod: the first-read path validates parameters without it', () => {
    const paramFiles = ['api/param-schema.ts', 'api/schemas/params.ts', 'api/define-call.ts', 'api/parse-params.ts'];
    for (const file of paramFiles) expect(files.map((f) => relative(SRC, f))).toContain(file);
    expect(imports.filter(({ file }) => paramFiles.includes(file) || file.startsWith('api/registry/'))).toEqual([]);
  });

  it('no module imports zod other than zod/mini (zod/v4/core for types, zod/locales for English)', () => {
    expect(imports.filter(({ specifier }) => !ALLOWED.has(specifier))).toEqual([]);
  });
});

describe('issues are worded in English without classic zod loaded', () => {
  it('classic zod is not loaded here: no locale is configured globally', () => {
    // Classic zod installs its English locale when imported; mini installs none.
    expect(z.config().localeError).toBeUndefined();
  });

  it('an invalid parameter names the rule it broke, in English', async () => {
    const fetch = createRecordingFetch(() => jsonResponse({}, 200));
    const client = createApiClient({ baseUrl: 'https://api.catalogue.test', accessToken: 'token', fetch });
    const error = await client.request('trendingTv', { time_window: 'day', page: 0 }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isInvalidParamsError(error)).toBe(true);
    const invalid = error as InvalidParamsError;
    expect(invalid.param).toBe('page');
    expect(invalid.rule).toBe('Too small: expected number to be >=1');
    expect(invalid.issues.map((issue) => issue.message)).toEqual(['Too small: expected number to be >=1']);
    expect(fetch.calls).toHaveLength(0);
  });

  it('a response that fails its schema says why, in English', async () => {
    const body = { page: 1, results: [], total_pages: '1', total_results: 0 };
    const fetch = createRecordingFetch(() => jsonResponse(body, 200));
    const client = createApiClient({ baseUrl: 'https://api.catalogue.test', accessToken: 'token', fetch });
    const error = await client.request('trendingTv', { time_window: 'day' }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isSchemaValidationError(error)).toBe(true);
    const invalid = error as SchemaValidationError;
    expect(invalid.path).toBe('total_pages');
    expect(invalid.issues.map((issue) => issue.message)).toEqual(['Invalid input: expected number, received string']);
    expect(invalid.message).toBe(
      'trendingTv: response failed validation at "total_pages": Invalid input: expected number, received string',
    );
  });
});
