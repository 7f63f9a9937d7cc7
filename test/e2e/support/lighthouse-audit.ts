/**
 * One Lighthouse run (12.2.3, the last release that runs on Node 20) against a URL, in Debian's Chromium started
 * by chrome-launcher on a fresh temporary profile: a first visit, no service worker, no cache. `desktop` is
 * Lighthouse's desktop preset; `mobile` its default (a mid-range phone on a throttled link, simulated).
 * Used by `npm run lighthouse` (3 runs per preset, medians) and by the demo's Lighthouse browser test.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_PATH } from './chromium.js';

export type LighthousePreset = 'desktop' | 'mobile';

/** Category scores 0–100, CLS unitless, LCP and TBT in milliseconds. */
export interface LighthouseFigures {
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly cls: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  /** The audits of the four categories that did not pass, `id: title`, to say what to fix. */
  readonly failing: readonly string[];
}

/** The flags of the machine notes; `--headless=new` is the headless mode Lighthouse measures paint in. */
export const LIGHTHOUSE_CHROME_FLAGS: readonly string[] = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export class LighthouseRunError extends Error {
  override readonly name = 'LighthouseRunError' as const;
}

export async function runLighthouse(
  url: string,
  preset: LighthousePreset,
  categories: readonly (typeof CATEGORIES)[number][] = CATEGORIES,
): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS] });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new LighthouseRunError(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failing = categories.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 0.9)
        .map((audit) => `${audit?.id}: ${audit?.title}${audit?.displayValue ? ` (${audit.displayValue})` : ''}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      cls: numeric('cumulative-layout-shift'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      failing: [...new Set(failing)],
    };
  } finally {
    chrome.kill();
  }
}
