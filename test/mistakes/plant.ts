/**
 * Plants writer mistakes one at a time in a temporary copy of the repository and shows each is noticed: a named
 * test fails, or the code does not compile. The mistakes are the ones the write gate (`src/store/write/write-gate.ts`) is
 * there to make impossible or loud: a write path without its plan, a write to a table an answer reads without
 * naming it, a transaction opened outside the gate, a plan built by hand, the guard, the quota recovery or the
 * rebase skipped, … Prints a table; exits non-zero when a mistake goes unnoticed, when a check fails before any
 * mistake is planted (it would prove nothing), or when a mistake no longer applies (the code it patches moved:
 * update it here). A CLI entry, run by `npm run mistakes` and CI: it prints to stdout.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What notices a mistake: named tests of one file, or the compiler over the patched file. */
type Check = { readonly test: string; readonly name: string } | { readonly types: true };

interface Mistake {
  readonly what: string;
  readonly file: string;
  readonly find: string;
  readonly replace: string;
  readonly check: Check;
}

const GATE_TEST = 'test/store/write-gate.test.ts';
const ARCHITECTURE = 'test/reliability/write-gate-architecture.test.ts';
const WIRING = 'test/sync/first-answers-wiring.test.ts';

const MISTAKES: readonly Mistake[] = [
  {
    what: 'a response write path without its plan (its records not named)',
    file: 'src/store/records/write-response.ts',
    find: 'for (const batch of rows.batches) parts.push(WritePlan.rows(batch.table, batch.keys));',
    replace: '',
    check: { test: GATE_TEST, name: "a response's write" },
  },
  {
    what: "a write to a table an answer reads, not named (a shared list's row as read only)",
    file: 'src/store/outbox/change-plan.ts',
    find: "return WritePlan.rows('lists', [Number(scope)]);",
    replace: "return WritePlan.reads(['lists']);",
    check: { test: WIRING, name: "a list removal \\(the outbox's optimistic change\\)" },
  },
  {
    what: 'a readwrite transaction opened outside the gate',
    file: 'src/store/eviction/touch-read.ts',
    find: 'return writeThrough(db, WritePlan.rows(db.readMarks.name, refs), async () => {',
    replace: "return db.transaction('rw', db.readMarks, async () => {",
    check: { test: ARCHITECTURE, name: 'src/ opens none anywhere else' },
  },
  {
    what: 'the guard called by hand, with "everything", past the gate',
    file: 'src/store/records/sync-meta.ts',
    find: 'await writeThrough(db, WritePlan.rows(db.syncMeta.name, [input.requestKey]), async () => {',
    replace: "await db.firstAnswers.guard('all', async () => {",
    check: { test: ARCHITECTURE, name: 'src/ opens none anywhere else' },
  },
  {
    what: 'a plan built by hand (an object literal)',
    file: 'src/store/records/sync-meta.ts',
    find: 'WritePlan.rows(db.syncMeta.name, [input.requestKey])',
    replace: "{ scope: ['syncMeta'], refs: [] }",
    check: { types: true },
  },
  {
    what: 'a plan part of its own kind ("everything")',
    file: 'src/store/eviction/clear-stored-data.ts',
    find: 'const plan = WritePlan.wholeTables(names);',
    replace: 'const plan = WritePlan.everything ?? WritePlan.wholeTables(names);',
    check: { types: true },
  },
  {
    what: 'the first answers guard skipped',
    file: 'src/store/write/write-gate.ts',
    find: 'return deps.length === 0 ? run() : db.firstAnswers.guard(deps, run);',
    replace: 'return run();',
    check: { test: GATE_TEST, name: 'rows: an answer that read a written row goes' },
  },
  {
    what: 'the quota recovery skipped',
    file: 'src/store/write/write-gate.ts',
    find: "const recovery = options.onFullDisk === 'fail' ? undefined : recoveries.get(db);",
    replace: 'const recovery = undefined as QuotaRecovery | undefined;',
    check: { test: 'test/reliability/quota.test.ts', name: "a user's change on a full disk" },
  },
  {
    what: 'the rebase of pending changes skipped',
    file: 'src/store/write/write-gate.ts',
    find: 'const rebase = options.rebase && rebaseOf(db, options.rebase);',
    replace: 'const rebase = undefined as ReturnType<typeof rebaseOf>;',
    check: { test: 'test/sync/outbox.test.ts', name: 'keep the pending change on top of the fresh answer' },
  },
  {
    what: "a whole table's deps taken for a row's (no answer reading the table matched)",
    file: 'src/store/read-ref.ts',
    find: "return ref.endsWith('/*');",
    replace: 'return false;',
    check: { test: GATE_TEST, name: 'a whole table' },
  },
  {
    what: 'a table answers read left out of ANSWER_TABLES (its writes unguarded)',
    file: 'src/store/first-answers/answer-tables.ts',
    find: "  'syncMeta',\n]);",
    replace: ']);',
    check: { test: GATE_TEST, name: "a response's write" },
  },
  {
    what: 'a record table left out of the answer tables list',
    file: 'src/store/first-answers/answer-tables.ts',
    find: '  lists: true,\n',
    replace: '',
    check: { types: true },
  },
  {
    what: 'a write joining a running transaction beyond its plan, unchecked',
    file: 'src/store/write/write-gate.ts',
    find: 'if (missing.length > 0)',
    replace: 'if (missing.length < 0)',
    check: { test: GATE_TEST, name: 'a write joining a running one' },
  },
];

interface Row {
  readonly what: string;
  readonly check: string;
  readonly result: 'noticed' | 'UNNOTICED' | 'STALE';
}

function checkName(check: Check): string {
  return 'types' in check ? 'typecheck' : `${check.test} › ${check.name}`;
}

/** A copy of what the checks read, with the repository's node_modules linked in. */
function temporaryCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-mistakes-'));
  for (const entry of ['src', 'test', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
    cpSync(join(ROOT, entry), join(dir, entry), {
      recursive: true,
      filter: (source) => !source.startsWith(join(ROOT, 'test', 'e2e')),
    });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs vitest on `files`, the tests whose names match `pattern`, in `dir`; resolves whether every one passed. */
function testsPass(dir: string, files: readonly string[], pattern: string): Promise<boolean> {
  return new Promise((done) => {
    const run = spawn(join(dir, 'node_modules', '.bin', 'vitest'), ['run', ...files, '-t', pattern, '--reporter=dot'], {
      cwd: dir,
      stdio: 'ignore',
    });
    run.on('close', (code) => done(code === 0));
  });
}

/** Type-checks `file` (and what it imports) in `dir` with the project's options; resolves whether it compiles. */
function typesPass(dir: string, file: string): Promise<boolean> {
  const config = `tsconfig.mistake-${file.replace(/\W/g, '-')}.json`;
  writeFileSync(join(dir, config), JSON.stringify({ extends: './tsconfig.json', include: [], files: [file] }));
  return new Promise((done) => {
    const run = spawn(join(dir, 'node_modules', '.bin', 'tsc'), ['-p', config], { cwd: dir, stdio: 'ignore' });
    run.on('close', (code) => done(code === 0));
  });
}

/** Runs `work` over `items`, at most `slots` at a time, each slot with its own value (a copy of the repository). */
async function inSlots<T, S>(items: readonly T[], slots: readonly S[], work: (item: T, slot: S) => Promise<void>) {
  let next = 0;
  await Promise.all(
    slots.map(async (slot) => {
      while (next < items.length) await work(items[next++] as T, slot);
    }),
  );
}

/** Plants `mistake` in `dir`, runs its check, takes it out; what became of it. */
async function plant(dir: string, mistake: Mistake): Promise<Row> {
  const path = join(dir, mistake.file);
  const original = readFileSync(path, 'utf8');
  const row = (result: Row['result']): Row => ({ what: mistake.what, check: checkName(mistake.check), result });
  if (original.split(mistake.find).length !== 2) return row('STALE');
  writeFileSync(path, original.replace(mistake.find, mistake.replace));
  try {
    const { check } = mistake;
    const passes = await ('types' in check ? typesPass(dir, mistake.file) : testsPass(dir, [check.test], check.name));
    return row(passes ? 'UNNOTICED' : 'noticed');
  } finally {
    writeFileSync(path, original);
  }
}

/** Test runs at once: each is one vitest process on one file, mostly waiting on IndexedDB and the fake service. */
const SLOTS = 3;

async function main(): Promise<number> {
  const started = performance.now();
  const typed = MISTAKES.filter((m) => 'types' in m.check);
  const tested = MISTAKES.filter((m) => !('types' in m.check));
  const dirs = Array.from({ length: SLOTS }, temporaryCopy);
  const rows = new Map<Mistake, Row>();
  let baselineOk = true;
  try {
    // Before any mistake: every check passes (else its failing below would prove nothing).
    const tests = tested.map((m) => m.check as { test: string; name: string });
    const files = [...new Set(tests.map((check) => check.test))];
    const names = [...new Set(tests.map((check) => `(${check.name})`))].join('|');
    const baselines = [
      testsPass(dirs[0] as string, files, names),
      ...[...new Set(typed.map((m) => m.file))].map((file) => typesPass(dirs[1] as string, file)),
    ];
    baselineOk = (await Promise.all(baselines)).every(Boolean);
    if (!baselineOk) process.stderr.write('mistakes: a check fails with no mistake planted; fix that first\n');
    // One mistake per copy at a time: a copy holds one mistake, planted and taken out again.
    await inSlots([...typed, ...tested], dirs, async (mistake, dir) => {
      rows.set(mistake, await plant(dir, mistake));
    });
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const table = MISTAKES.map((mistake) => rows.get(mistake) as Row);
  const width = Math.max(...table.map((row) => row.what.length));
  process.stdout.write(`${'mistake'.padEnd(width)} | result    | noticed by\n`);
  process.stdout.write(`${'-'.repeat(width)}-|-----------|-----------\n`);
  for (const row of table) process.stdout.write(`${row.what.padEnd(width)} | ${row.result.padEnd(9)} | ${row.check}\n`);
  const missed = table.filter((row) => row.result !== 'noticed');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(`\n${table.length - missed.length} of ${MISTAKES.length} mistakes noticed in ${seconds} s\n`);
  return missed.length === 0 && baselineOk ? 0 : 1;
}

process.exitCode = await main();
