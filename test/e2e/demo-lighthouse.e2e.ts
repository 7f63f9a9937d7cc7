/**
 * Lighthouse (12.2.3) on the demo's home page, built and served as `npm run demo` builds and serves it: one
 * first visit per preset, desktop and mobile, must score 100 for accessibility and 100 for best practices.
 * Performance is measured by `npm run lighthouse` (3 runs per preset, medians), not here: one run on a shared
 * machine is too noisy to gate on.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemo } from '../../demo/build-demo.js';
import { serveDemo } from '../../demo/serve-demo.js';
import type { ServedFakeService } from '../../src/testing/node.js';
import { assertChromiumInstalled } from './support/chromium.js';
import { runLighthouse } from './support/lighthouse-audit.js';

let dir: string;
let served: ServedFakeService;

beforeAll(async () => {
  assertChromiumInstalled();
  dir = await mkdtemp(join(tmpdir(), 'catalogue-e2e-lighthouse-'));
  await buildDemo(dir);
  served = await serveDemo({ dir, port: 0 });
});

afterAll(async () => {
  await served?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the demo under Lighthouse', () => {
  for (const preset of ['desktop', 'mobile'] as const) {
    it(`scores 100 for accessibility and best practices (${preset})`, { timeout: 120_000 }, async () => {
      const figures = await runLighthouse(`${served.url}/`, preset, ['accessibility', 'best-practices']);
      // The audits that did not pass say what to fix when a score drops.
      expect({ accessibility: figures.accessibility, failing: figures.failing }).toEqual({
        accessibility: 100,
        failing: [],
      });
      expect(figures.bestPractices).toBe(100);
    });
  }
});
