import { describe, expect, it } from 'vitest';
import { type ColdLoad, type ColdLoads, coldResult } from '../../bench/browser/cold-figures.js';

const load = (ms: number, bytes: number, chain: Partial<ColdLoad['chain']> = {}): ColdLoad => ({
  ms,
  firstId: '1',
  bytes,
  scriptBytes: bytes - 1000,
  encodings: {},
  urls: [],
  chain: {
    apiStart: null,
    apiEnd: null,
    apiRequests: 1,
    preflightMs: [],
    coreChunk: null,
    coreChunkEnd: null,
    firstIdbOpen: null,
    scripts: [],
    ...chain,
  },
});

const loads = (library: number[], query: number[], fetch: number[], libraryBytes = 40_000): ColdLoads[string] => ({
  library: library.map((ms) => load(ms, libraryBytes, { apiStart: ms / 2 })),
  tanstackQuery: query.map((ms) => load(ms, 15_000)),
  fetch: fetch.map((ms) => load(ms, 5_000)),
});

describe('cold-first-content figures', () => {
  it('compares medians of the loads, judging the goals at CPU 4× only', () => {
    const { rows } = coldResult(
      { cpu4: loads([1000, 3000, 1100], [900, 1000, 100], [800, 10, 700]), cpu1: loads([600], [300], [200]) },
      {},
    );
    const row = (metric: string) => rows.find((r) => r.metric === metric);
    expect(row('cpu4.vsQuery')).toMatchObject({ library: 1100, baseline: 900, ratio: 1.222, goal: '≤ 1.15' });
    expect(row('cpu4.vsQuery')?.met).toBe(false);
    expect(row('cpu4.vsFetch')).toMatchObject({ library: 1100, baseline: 700, ratio: 1.571, met: false });
    expect(row('cpu1.vsQuery')).toMatchObject({ library: 600, baseline: 300, ratio: 2, goal: '' });
    expect(row('cpu1.vsQuery')?.met).toBeUndefined();
  });

  it('meets a goal at its bound and not above it', () => {
    const at = coldResult({ cpu4: loads([1150], [1000], [1000], 45_000) }, {}).rows;
    expect(at.find((r) => r.metric === 'cpu4.vsQuery')?.met).toBe(true);
    expect(at.find((r) => r.metric === 'cpu4.vsFetch')?.met).toBe(true);
    expect(at.find((r) => r.metric === 'criticalPath.vsQuery')).toMatchObject({ library: 45, met: true, unit: 'KB' });
    const above = coldResult({ cpu4: loads([1151], [1000], [1000], 45_100) }, {}).rows;
    expect(above.find((r) => r.metric === 'cpu4.vsQuery')?.met).toBe(false);
    expect(above.find((r) => r.metric === 'criticalPath.vsQuery')?.met).toBe(false);
  });

  it('keeps the chain medians and every sample in its fields', () => {
    const { fields } = coldResult({ cpu4: loads([1000, 2000, 3000], [1, 2, 3], [1, 2, 3]) }, { rounds: 3 });
    expect(fields.rounds).toBe(3);
    expect(fields.samples).toEqual({
      cpu4: { library: [1000, 2000, 3000], tanstackQuery: [1, 2, 3], fetch: [1, 2, 3] },
    });
    expect(fields.medians).toMatchObject({ cpu4: { library: { apiStart: 1000, firstIdbOpen: null } } });
  });
});
