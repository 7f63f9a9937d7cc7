import type { Catalogue } from '../../../src/create-catalogue.js';
import type { FakeService } from '../../../src/testing/index.js';

/** Counts what a run met, for the summary line each seed prints (copied into test/reliability/README.md). */
export interface RunFigures {
  requests: number;
  /** Answers the fake shaped with an injected fault, by kind (reset, error, malformed, schema, storm, rate-limit). */
  faults: Record<string, number>;
  /** Retries the catalogue's queue made (its `retry` events). */
  retries: number;
  quarantined: number;
  lost: number;
}

/** Counts the catalogue's retries from its events; returns the unsubscribe function. */
export function countRetries(catalogue: Catalogue, figures: RunFigures): () => void {
  return catalogue.on('retry', () => {
    figures.retries += 1;
  });
}

export function emptyFigures(): RunFigures {
  return { requests: 0, faults: {}, retries: 0, quarantined: 0, lost: 0 };
}

/** Fault counts by kind from the fake's log (every answer it gave, in order). */
export function faultCounts(service: FakeService): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of service.log.entries()) {
    if (entry.fault !== undefined) counts[entry.fault] = (counts[entry.fault] ?? 0) + 1;
  }
  return counts;
}

/** Corrupt payloads the fake served with a 2xx status: each must reach the quarantine. */
export function corruptPayloads(service: FakeService): number {
  return service.log
    .entries()
    .filter((e) => (e.fault === 'malformed' || e.fault === 'schema') && e.status >= 200 && e.status < 300).length;
}

export function summaryLine(label: string, figures: RunFigures): string {
  const faults = Object.entries(figures.faults)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, n]) => `${kind}=${n}`)
    .join(' ');
  const injected = Object.values(figures.faults).reduce((a, b) => a + b, 0);
  return (
    `[reliability] ${label}: requests=${figures.requests} faults=${injected} (${faults}) ` +
    `retries=${figures.retries} quarantined=${figures.quarantined} lost=${figures.lost}`
  );
}

/**
 * Prints one figures line (the README's table quotes the last run's). Straight to stdout rather than through
 * `console` (which the lint keeps out of the code base): a test's figures are output, not debugging.
 */
export function printFigures(line: string): void {
  process.stdout.write(`${line}\n`);
}
