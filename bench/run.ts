/**
 * The benchmark runner: `npm run bench -- [name…] [--smoke] [--strict]`.
 *
 * Runs `bench/<name>.bench.ts` (every `*.bench.ts` when no name is given), compiled by tsc as the library ships
 * (`tsconfig.bench.json`: the script compiles first), writes
 * `bench/results/<name>.<env>.json` with the benchmark's fields plus its `rows`, and prints one table.
 * `--smoke` runs tiny counts to check that everything still runs; `--strict` exits 1 when a goal is not met.
 * With more than one benchmark, each runs in a child process of its own: one benchmark's heap (fake-indexeddb keeps
 * its databases on the JS heap, hundreds of MiB at 100k records) must not slow the next one's garbage collection.
 * This is a CLI entry: real time and the console are allowed here.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, BenchEnv, Benchmark, BenchResult } from './benchmark.js';
import { nodeStorage } from './node-storage.js';
import { printTable, RESULTS_DIR, type TableRow, writeResult } from './report.js';

const here = dirname(fileURLToPath(import.meta.url));
/** `.bench.ts` from source (tsx), `.bench.js` as `npm run bench` runs it (compiled into `.bench-build/`). */
const SUFFIX = `.bench${extname(fileURLToPath(import.meta.url))}`;

function parseArgs(argv: readonly string[]) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const unknown = [...flags].filter((f) => f !== '--smoke' && f !== '--strict');
  if (unknown.length > 0) throw new Error(`bench: unknown flag ${unknown.join(', ')}`);
  return { names: argv.filter((a) => !a.startsWith('--')), smoke: flags.has('--smoke'), strict: flags.has('--strict') };
}

async function benchmarkNames(requested: readonly string[]): Promise<string[]> {
  const available = (await readdir(here)).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length));
  for (const name of requested) {
    if (!available.includes(name)) throw new Error(`bench: no bench/${name}${SUFFIX} (have: ${available.join(', ')})`);
  }
  return requested.length > 0 ? [...requested] : available.sort();
}

/** Set in a child's environment: it runs the one benchmark it is given and prints no table. */
const CHILD = 'CATALOGUE_SYNC_BENCH_CHILD';

/** Runs one benchmark in a new Node process with this one's flags (`--expose-gc`) and returns its rows. */
async function runInChild(name: string, smoke: boolean): Promise<TableRow[]> {
  const args = [...process.execArgv, process.argv[1] as string, name, ...(smoke ? ['--smoke'] : [])];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, [CHILD]: '1' },
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`bench: ${name} exited with ${String(code)}`);
  const file = join(RESULTS_DIR, `${name}.node${smoke ? '.smoke' : ''}.json`);
  const { rows } = JSON.parse(await readFile(file, 'utf8')) as BenchResult;
  return rows.map((row) => ({ ...row, bench: name }));
}

async function main(): Promise<number> {
  const { names, smoke, strict } = parseArgs(process.argv.slice(2));
  const env: BenchEnv = 'node';
  const all: TableRow[] = [];
  const chosen = await benchmarkNames(names);
  if (chosen.length > 1) {
    for (const name of chosen) all.push(...(await runInChild(name, smoke)));
    const unmet = printTable(all, smoke);
    return strict && !smoke && unmet > 0 ? 1 : 0;
  }
  for (const name of chosen) {
    const module = (await import(pathToFileURL(join(here, `${name}${SUFFIX}`)).href)) as { default?: Benchmark };
    if (typeof module.default !== 'function') throw new Error(`bench: ${name}${SUFFIX} has no default export`);
    const context: BenchContext = {
      smoke,
      env,
      storage: nodeStorage(),
      log: (message) => process.stderr.write(`[${name}] ${message}\n`),
    };
    const started = performance.now();
    const result = await module.default(context);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const file = await writeResult(name, env, smoke, seconds, result);
    context.log(`done in ${seconds} s → ${file}`);
    all.push(...result.rows.map((row) => ({ ...row, bench: name })));
  }
  if (process.env[CHILD] === '1') return 0;
  const unmet = printTable(all, smoke);
  return strict && !smoke && unmet > 0 ? 1 : 0;
}

main().then(
  (code) => {
    // Exit explicitly: a baseline may leave timers behind (TanStack Query's cache keeps 5-minute GC timers), and a
    // benchmark run must end when its results are written.
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
