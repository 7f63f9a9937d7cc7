/**
 * Profiles the library's side of sync-main-thread: `npx tsx bench/browser/profile-sync.ts [--kind popularPeople]
 * [--side rawNormalized] [--cpu 4]` (what `bench/browser/PROFILE.md` was written from; `--side` profiles another side of the
 * page instead, to hold the library's profile against a baseline's). The sync page is built unminified with source maps, the fake
 * served outside the page as in the benchmark, one unmeasured run, then Chromium's sampling profiler
 * (`Profiler.start`, 200 µs) over one `pullList` run of 250 pages and one of 500 of the same list (discover by
 * default). Prints, per size, the top functions by self time (with their `src/` file, through the source map) and
 * by total time, and the per-page self time of each source file at 250 and 500 pages; writes the raw
 * `.cpuprofile`s under `.tmp-bench-profile/`. This is a CLI entry: it prints to stdout.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFakeService } from '../../src/testing/node.js';
import { launchChromium } from '../../test/e2e/support/chromium.js';
import { buildPage, PACKAGE_ROOT } from './build-pages.js';
import { windowLists } from './lists.js';
import type { ListSpec } from './sides/shared.js';
import { SYNC_SIDES, type SyncKind, type SyncList, type SyncSide } from './sync-page/api.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes a source map's mappings into, per generated line, sorted [column, source index] pairs. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length > 1) {
        source += values[1] ?? 0;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

/** Maps a generated position (0-based line and column) of the bundle to its source file. */
async function sourceMapper(dir: string): Promise<(url: string, line: number, column: number) => string> {
  const assets = join(dir, 'assets');
  const maps = new Map<string, { sources: string[]; lines: [number, number][][] }>();
  for (const file of await readdir(assets)) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(await readFile(join(assets, file), 'utf8')) as { sources: string[]; mappings: string };
    maps.set(file.slice(0, -'.map'.length), { sources: map.sources, lines: decodeMappings(map.mappings) });
  }
  return (url, line, column) => {
    const map = maps.get(url.split('/').pop() ?? '');
    if (!map) return url === '' ? '(native)' : url;
    const segments = map.lines[line] ?? [];
    let found: number | undefined;
    for (const [col, source] of segments) {
      if (col > column) break;
      found = source;
    }
    if (found === undefined) found = segments[0]?.[1];
    const path = found === undefined ? '?' : (map.sources[found] ?? '?');
    return path.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
  };
}

interface Summary {
  totalMs: number;
  self: { name: string; file: string; ms: number; share: number }[];
  total: { name: string; file: string; ms: number; share: number }[];
  byFile: Record<string, number>;
}

function summarize(profile: Profile, fileOf: (url: string, line: number, column: number) => string): Summary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const key = (n: ProfileNode) => {
    const file = fileOf(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
    return { name: n.callFrame.functionName || '(anonymous)', file, id: `${n.callFrame.functionName}@${file}` };
  };
  const self = new Map<string, { name: string; file: string; us: number }>();
  const total = new Map<string, { name: string; file: string; us: number }>();
  const byFile: Record<string, number> = {};
  let all = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id) as ProfileNode;
    const k = key(node);
    if (k.name === '(idle)' || k.name === '(program)') continue;
    all += us;
    const entry = self.get(k.id) ?? { name: k.name, file: k.file, us: 0 };
    entry.us += us;
    self.set(k.id, entry);
    byFile[k.file] = (byFile[k.file] ?? 0) + us / 1000;
    // Total time: each distinct function on the sample's stack once.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const kk = key(byId.get(at) as ProfileNode);
      if (seen.has(kk.id) || kk.name === '(root)') continue;
      seen.add(kk.id);
      const t = total.get(kk.id) ?? { name: kk.name, file: kk.file, us: 0 };
      t.us += us;
      total.set(kk.id, t);
    }
  }
  const top = (m: Map<string, { name: string; file: string; us: number }>) =>
    [...m.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, 30)
      .map((e) => ({
        name: e.name,
        file: e.file,
        ms: Math.round(e.us / 100) / 10,
        share: Math.round((e.us / all) * 1000) / 10,
      }));
  return { totalMs: Math.round(all / 1000), self: top(self), total: top(total), byFile };
}

/**
 * Stretches of consecutive busy samples (no idle sample between them) of at least `minMs`: a task the
 * page could not interrupt. Each with its length and the functions with most total time inside it.
 */
function longStretches(profile: Profile, fileOf: (url: string, line: number, column: number) => string, minMs = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // `(program)` is native work inside a task (Blink, IndexedDB's bindings): only `(idle)` ends a task.
  const idle = (id: number) => byId.get(id)?.callFrame.functionName === '(idle)';
  const stretches: { ms: number; top: string[] }[] = [];
  let start = -1;
  const close = (end: number) => {
    let us = 0;
    const total = new Map<string, number>();
    const self = new Map<string, number>();
    for (let i = start; i < end; i++) {
      const delta = profile.timeDeltas[i + 1] ?? 0;
      us += delta;
      const leaf = (byId.get(profile.samples[i] as number) as ProfileNode).callFrame;
      const leafLabel = `${leaf.functionName || '(anonymous)'} ${fileOf(leaf.url, leaf.lineNumber, leaf.columnNumber)}`;
      self.set(leafLabel, (self.get(leafLabel) ?? 0) + delta);
      const seen = new Set<string>();
      for (let at: number | undefined = profile.samples[i]; at !== undefined; at = parent.get(at)) {
        const frame = (byId.get(at) as ProfileNode).callFrame;
        if (frame.functionName === '(root)') continue;
        const label = `${frame.functionName || '(anonymous)'} ${fileOf(frame.url, frame.lineNumber, frame.columnNumber)}`;
        if (seen.has(label)) continue;
        seen.add(label);
        total.set(label, (total.get(label) ?? 0) + delta);
      }
    }
    if (us / 1000 >= minMs) {
      const rank = (m: Map<string, number>, n: number, tag: string) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([label, t]) => `${tag} ${(t / 1000).toFixed(1)} ms ${label}`);
      const top = [...rank(self, 10, 'self'), ...rank(total, 30, 'total').slice(12)];
      stretches.push({ ms: Math.round(us / 100) / 10, top });
    }
  };
  for (const [i, id] of profile.samples.entries()) {
    if (idle(id)) {
      if (start >= 0) close(i);
      start = -1;
    } else if (start < 0) start = i;
  }
  if (start >= 0) close(profile.samples.length);
  return stretches.sort((a, b) => b.ms - a.ms).slice(0, 5);
}

const print = (line: string) => process.stdout.write(`${line}\n`);

/** `--kind popularPeople` profiles the people list; discover by default. */
function kindArgument(): SyncKind {
  const at = process.argv.indexOf('--kind');
  const kind = at < 0 ? 'discoverTv' : process.argv[at + 1];
  if (kind !== 'discoverTv' && kind !== 'popularPeople') throw new Error('--kind: discoverTv or popularPeople');
  return kind;
}

/** `--side raw` (or another side of the sync page) profiles that side instead of the library. */
function sideArgument(): SyncSide {
  const at = process.argv.indexOf('--side');
  const side = at < 0 ? 'library' : process.argv[at + 1];
  if (side === undefined || !(SYNC_SIDES as readonly string[]).includes(side))
    throw new Error(`--side: one of ${SYNC_SIDES.join(', ')}`);
  return side as SyncSide;
}

/** `--cpu 4` throttles the page's CPU that many times over the profiled runs (a phone's CPU); 1 by default. */
function cpuArgument(): number {
  const at = process.argv.indexOf('--cpu');
  const rate = at < 0 ? 1 : Number(process.argv[at + 1]);
  if (!(rate >= 1)) throw new Error('--cpu: a rate of 1 or more');
  return rate;
}

async function main(): Promise<void> {
  const dir = await buildPage('sync-page', 'sync-page-profile', false, true);
  const fileOf = await sourceMapper(dir);
  const api = await serveFakeService({ rateLimit: false, scale: 'large', cacheMaxAge: 'full' });
  const served = await serveFakeService({ rateLimit: false, staticDir: dir, pageOrigins: { api: [api.url] } });
  const profileDir = await mkdtemp(join(tmpdir(), 'catalogue-bench-profile-'));
  const context = await launchChromium(profileDir);
  const out = join(PACKAGE_ROOT, '.tmp-bench-profile');
  await mkdir(out, { recursive: true });
  try {
    const page = await context.newPage();
    await page.goto(`${served.url}/`);
    await page.waitForFunction(() => 'syncBench' in window);
    const cdp = await context.newCDPSession(page);
    const kind = kindArgument();
    const side = sideArgument();
    const [first] = (await windowLists()) as [ListSpec];
    const params = kind === 'popularPeople' ? {} : first.params;
    const sizes: Record<string, SyncList[]> = {
      p250: [{ kind, params, pages: 250 }],
      p500: [{ kind, params, pages: 500 }],
    };
    const run = (lists: SyncList[]) =>
      page.evaluate(({ s, l, a }) => window.syncBench.run(s, l, a), { s: side, l: lists, a: api.url });
    // Unmeasured: the JIT, and the fake's first answers of every page.
    await run(sizes.p500 as SyncList[]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuArgument() });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const summaries: Record<string, Summary & { wallMs: number; pages: number }> = {};
    for (const [size, lists] of Object.entries(sizes)) {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Profiler.start');
      const result = await run(lists);
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(join(out, `${side}-${kind}-${size}.cpuprofile`), JSON.stringify(profile));
      for (const stretch of longStretches(profile as unknown as Profile, fileOf)) {
        print(`\n-- ${size}: a busy stretch of ${stretch.ms} ms (no idle sample), by total time inside it`);
        for (const line of stretch.top) print(`   ${line}`);
      }
      summaries[size] = {
        ...summarize(profile as unknown as Profile, fileOf),
        wallMs: Math.round(result.wallMs),
        pages: result.pages,
      };
    }
    await writeFile(join(out, 'summary.json'), `${JSON.stringify(summaries, null, 2)}\n`);
    for (const [size, s] of Object.entries(summaries)) {
      print(`\n== ${size}: wall ${s.wallMs} ms, JS samples ${s.totalMs} ms (${s.pages} pages)`);
      print('-- self time');
      for (const e of s.self.slice(0, 25))
        print(`${String(e.ms).padStart(8)} ms ${String(e.share).padStart(5)}%  ${e.name}  ${e.file}`);
      print('-- total time');
      for (const e of s.total.slice(0, 25))
        print(`${String(e.ms).padStart(8)} ms ${String(e.share).padStart(5)}%  ${e.name}  ${e.file}`);
    }
    const small = summaries.p250 as Summary & { pages: number };
    const large = summaries.p500 as Summary & { pages: number };
    print('\n-- self ms per page by file: 250 → 500 (growth of the per-page cost)');
    const files = Object.keys({ ...small.byFile, ...large.byFile }).sort(
      (a, b) => (large.byFile[b] ?? 0) - (large.byFile[a] ?? 0),
    );
    for (const file of files.slice(0, 30)) {
      const a = (small.byFile[file] ?? 0) / small.pages;
      const b = (large.byFile[file] ?? 0) / large.pages;
      print(
        `${a.toFixed(3).padStart(8)} → ${b.toFixed(3).padStart(8)} ms/page  ×${(b / (a || Number.NaN)).toFixed(2)}  ${file}`,
      );
    }
  } finally {
    await context.close().catch(() => {});
    await served.close().catch(() => {});
    await api.close().catch(() => {});
    await rm(profileDir, { recursive: true, force: true }).catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
