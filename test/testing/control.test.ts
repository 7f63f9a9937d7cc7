import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFakeService } from '../../src/testing/index.js';
import { harness } from './helpers.js';

describe('control.groundTruth', () => {
  it('returns what the service serves, from the registry parameters', async () => {
    const h = harness();
    const { control } = h.service;
    const seriesId = control.allSeries()[2]?.id as number;
    const { session_id, account_id } = control.createSession();
    control.addToWatchlist({ session_id, series_id: seriesId });
    const cases: [Parameters<typeof control.groundTruth>, string][] = [
      [['trendingTv', { time_window: 'week', page: 2 }], '/3/trending/tv/week?page=2'],
      [
        ['discoverTv', { with_genres: [18, 35], sort_by: 'name.asc' }],
        '/3/discover/tv?sort_by=name.asc&with_genres=18%2C35',
      ],
      [['seasonImages', { series_id: seriesId, season_number: 1 }], `/3/tv/${seriesId}/season/1/images`],
      [
        ['accountTvWatchlist', { account_id, session_id }],
        `/3/account/${account_id}/watchlist/tv?session_id=${session_id}`,
      ],
      [['configuration', {}], '/3/configuration'],
    ];
    for (const [[operation, params], path] of cases) {
      expect(control.groundTruth(operation, params as never), operation).toEqual(await h.json(path));
    }
    expect(h.service.log.count()).toBe(cases.length);
    expect(() => control.groundTruth('personExternalIds', { person_id: 3 })).toThrow(/404/);
    expect(() => control.groundTruth('createSession', { request_token: 'x' })).toThrow(TypeError);
  });
});

describe('options', () => {
  it('are validated with precise TypeErrors', () => {
    expect(() => createFakeService({ seed: 1.5 })).toThrow(/seed/);
    expect(() => createFakeService({ scale: 'huge' as never })).toThrow(/scale/);
    expect(() => createFakeService({ accessToken: '' })).toThrow(/accessToken/);
    expect(() => createFakeService({ rateLimit: { perSecond: 0 } })).toThrow(/rateLimit/);
    expect(() => createFakeService({ baseUrl: 'http://x/y' })).toThrow(/baseUrl/);
    expect(() => createFakeService({ faults: { latencyMs: -1 } })).toThrow(/latencyMs/);
    expect(() => createFakeService({ faults: { operations: { nope: {} } as never } })).toThrow(/nope/);
  });

  it('point image URLs at baseUrl when given', async () => {
    const h = harness({ baseUrl: 'http://127.0.0.1:8787' });
    const config = await h.json<{ images: { base_url: string } }>('/3/configuration');
    expect(config.images.base_url).toBe('http://127.0.0.1:8787/t/p/');
  });
});

describe('catalogue-sync/testing entry', () => {
  it('imports no Node module, so it runs in a browser or service worker', () => {
    const root = dirname(fileURLToPath(new URL('../../src/testing/index.ts', import.meta.url)));
    const seen = new Set<string>();
    const offenders: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g)) {
        const specifier = match[1] as string;
        if (specifier.startsWith('node:') || specifier.startsWith('@hono/node-server'))
          offenders.push(`${file}: ${specifier}`);
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    };
    visit(resolve(root, 'index.ts'));
    expect(seen.size).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });
});
