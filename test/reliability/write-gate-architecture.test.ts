import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every readwrite transaction on the catalogue's database opens in the write gate (`src/store/write/write-gate.ts`), which
 * holds the first answers' guard, the quota recovery and the rebase of pending changes: a writer that opens its own
 * keeps none of them. This scan finds the ways a readwrite transaction is opened by hand, and the guard called
 * past the gate. The first answers' own database and an earlier release's database are not the catalogue's: their
 * files are named below, with why.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The one file that opens readwrite transactions on the catalogue's database, and calls the guard. */
const GATE = 'store/write/write-gate.ts';

/** Files that open readwrite transactions on another database, and which. */
const OTHER_DATABASES: Record<string, string> = {
  'store/first-answers/first-answers-state.ts': "the first answers' own database (their protocol's state)",
  'store/first-answers/delete-first-answers-db.ts': "the first answers' own database (emptied)",
  'store/database/earlier-database.ts': "an earlier release's database (its rows adopted, then deleted)",
};

/** Ways of opening a readwrite transaction, or of running a write under the guard, by hand. */
const OPENERS: readonly { name: string; pattern: RegExp }[] = [
  { name: "Dexie `transaction('rw' …)`", pattern: /\.transaction\(\s*['"`]rw!?\??['"`]/ },
  { name: "Dexie `transaction('readwrite' …)`", pattern: /\.transaction\(\s*['"`]readwrite!?\??['"`]/ },
  { name: 'IndexedDB `transaction(…, "readwrite")`', pattern: /\.transaction\([^)]*['"`]readwrite['"`]/ },
  {
    name: 'a mode held in a variable',
    pattern: /\.transaction\(\s*(mode|rw|readwrite)\b|\.transaction\([^)]*,\s*mode\s*\)/,
  },
  { name: 'the first answers guard', pattern: /firstAnswers\.guard\(/ },
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The source without comments: a comment naming a transaction opens none. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Every opener outside the gate (and the files of other databases), as `file: opener`. */
function openersOutsideTheGate(root = SRC): string[] {
  const found: string[] = [];
  for (const file of sources(root)) {
    const name = relative(root, file);
    if (name === GATE || name in OTHER_DATABASES) continue;
    const text = code(readFileSync(file, 'utf8'));
    for (const opener of OPENERS) if (opener.pattern.test(text)) found.push(`${name}: ${opener.name}`);
  }
  return found;
}

describe('one write gate: no readwrite transaction on the catalogue database opens outside it', () => {
  it('the scan finds the gate’s own transaction and guard (a scan of nothing would pass)', () => {
    const gate = code(readFileSync(join(SRC, GATE), 'utf8'));
    const hits = OPENERS.filter((opener) => opener.pattern.test(gate)).map((opener) => opener.name);
    expect(hits).toEqual(["Dexie `transaction('rw' …)`", 'the first answers guard']);
    // The exceptions are real files that write their own database (a rename would leave a stale exception).
    for (const file of Object.keys(OTHER_DATABASES)) expect(readFileSync(join(SRC, file), 'utf8')).toMatch(/readwrite/);
  });

  it('recognises every way of opening one by hand', () => {
    const samples = [
      "db.transaction('rw', db.users, async () => {})",
      'db.transaction("rw!", tables, step)',
      "this.transaction('readwrite', [a], f)",
      "connection.transaction(store, 'readwrite')",
      'db.transaction(mode, tables, f)',
      'connection.transaction(store, mode)',
      'await db.firstAnswers.guard(deps, write)',
    ];
    for (const sample of samples)
      expect(
        OPENERS.some((opener) => opener.pattern.test(sample)),
        sample,
      ).toBe(true);
    for (const reader of ["db.transaction('r', db.tables, f)", "tx = db.transaction(ANSWERS_STORE, 'readonly')"]) {
      expect(
        OPENERS.some((opener) => opener.pattern.test(reader)),
        reader,
      ).toBe(false);
    }
  });

  it('src/ opens none anywhere else', () => {
    expect(openersOutsideTheGate()).toEqual([]);
  });
});
