import { describe, expect, it } from 'vitest';
import { requestKey } from '../../src/api/build-request.js';
import { parseParams } from '../../src/api-entry.js';
import { caseName, expectAccepted, expectRejected, type ParamCase } from '../helpers/param-assertions.js';

/**
 * `include_image_language` (seasonImages): a comma list of ISO 639-1 codes with `null` for untagged media. Bad lists are refused with a typed
 * error before any request; equivalent spellings become one canonical value, so one request key and one store key.
 */
const targets = [{ operation: 'seasonImages', param: 'include_image_language' }] as const;

const bad = [
  '',
  'en,',
  ',en',
  'EN',
  'eng',
  'en-US',
  'en, null',
  'en;null',
  'NULL',
  'en,,fr',
  'en&api_key=x',
  1,
  null,
  ['en'],
];

describe('language list parameters', () => {
  const cases: ParamCase[] = targets.flatMap(({ operation, param }) =>
    bad.map((value) => ({ operation, param, params: { [param]: value } })),
  );
  it.each(cases.map((c) => [caseName(c), c] as const))('refuses %s before any request', async (_name, c) => {
    await expectRejected(c);
  });

  it.each(targets)('$operation accepts $param lists and null', ({ operation, param }) => {
    for (const value of ['en', 'null', 'en,null', 'null,fr,en', 'en,en']) expectAccepted(operation, { [param]: value });
  });

  it.each(targets)('$operation canonicalises $param: one key for equivalent spellings', ({ operation, param }) => {
    const base = operation === 'seasonImages' ? { series_id: 1, season_number: 1 } : { movie_id: 550 };
    const keyOf = (value?: string) => {
      const params = value === undefined ? base : { ...base, language: 'fr-FR', [param]: value };
      const parsed = parseParams(operation, value === undefined ? base : params) as Record<string, unknown>;
      return { parsed, key: requestKey(operation, parsed) };
    };
    const canonical = keyOf('en,null');
    expect(canonical.parsed[param]).toBe('en,null');
    for (const spelling of ['null,en', 'en,null,en', 'null,en,null']) expect(keyOf(spelling).key).toBe(canonical.key);
    expect(keyOf('null,fr,en').parsed[param]).toBe('en,fr,null');
    // With and without the list are different answers.
    expect(keyOf().key).not.toBe(canonical.key);
    expect(keyOf('en').key).not.toBe(canonical.key);
  });
});
