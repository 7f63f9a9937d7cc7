import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The store's structure, held by its imports: each schema upgrade is self-contained (it carries frozen copies of
 * what it needs, so a later change to live code cannot change what opening an old database does), and no module of
 * `src/store/` reaches itself again through its imports (a circle makes load order, and so which half sees the
 * other undefined, depend on who imports first). The store lives in rooms, one folder per concern (ARCHITECTURE.md
 * says what each holds), stacked in one order: a room imports only the rooms below it, so a room can be read, and
 * changed, knowing only what lies under it.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const STORE = join(SRC, 'store');
const SCHEMA = join(STORE, 'schema');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

interface ImportOf {
  readonly specifier: string;
  /** `import type` / `export type` (whole statement): erased, but still a dependency of the code's meaning. */
  readonly typeOnly: boolean;
}

/**
 * Every module specifier a file names: static imports and re-exports (value and type), side-effect imports and
 * dynamic imports. Comments are dropped first, so an example in a comment is not an import.
 */
function importsOf(text: string): ImportOf[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: ImportOf[] = [];
  const statement = /(?:^|[;\n])\s*(import|export)(\s+type)?\s+(?:[^'";]*?\sfrom\s+)?'([^']+)'/g;
  for (const match of code.matchAll(statement)) {
    found.push({ specifier: match[3] as string, typeOnly: match[2] !== undefined });
  }
  for (const match of code.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
    found.push({ specifier: match[1] as string, typeOnly: false });
  }
  return found;
}

function resolved(file: string, specifier: string): string {
  return resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
}

/** Every circle of a graph, each once, as the path around it (its first module repeated at the end). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string) => {
    seen.add(node);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!seen.has(next)) visit(next);
      else if (!done.has(next)) circles.push([...path.slice(path.indexOf(next)), next]);
    }
    path.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!seen.has(node)) visit(node);
  return circles;
}

/**
 * The rooms, lowest first: each may import the rooms before it, never one after it. Why this order: the tables'
 * row shapes and the mappings onto them are plain data; the schema's upgrades import nothing live; the database's
 * class (`database/`) holds the first answers' database and declares the upgrades; the optimistic state (pending
 * changes over the stored base) is what the write gate rebases, so it lies under `write/`; every writer
 * (`records/`, `outbox/`, `auth/`, `eviction/`) writes through the gate; eviction removes whole stored responses,
 * so it reads the records' writes and the mappings.
 */
const ROOMS = [
  'tables',
  'mappings',
  'first-answers',
  'schema',
  'database',
  'optimistic',
  'write',
  'records',
  'outbox',
  'auth',
  'eviction',
] as const;

/**
 * The only files at the store's top level: the door the other layers import through, and what every room shares
 * (keys and refs, the store's failure type). They import no room: they are under all of them.
 */
const TOP_LEVEL = ['index.ts', 'page-request-key.ts', 'read-ref.ts', 'store-failure.ts', 'store-keys.ts'] as const;
const DOOR = 'store/index.ts';

/** Where a module of the store lives: a room, `top` for the shared top-level files, `door` for `index.ts`. */
function placeOf(module: string): string {
  if (module === DOOR) return 'door';
  const parts = module.split('/');
  return parts.length === 2 ? 'top' : (parts[1] as string);
}

/**
 * Each import that goes against the rooms' order, as `from → to (why)`: a room importing a room above it (or one
 * not in the order), a shared top-level file importing a room, anything but the outside importing the door.
 */
function roomOffences(graph: ReadonlyMap<string, readonly string[]>, rooms: readonly string[]): string[] {
  const offences: string[] = [];
  for (const [from, targets] of graph) {
    const own = placeOf(from);
    if (own === 'door') continue;
    for (const to of targets) {
      const theirs = placeOf(to);
      if (theirs === own || theirs === 'top') continue;
      if (theirs === 'door') offences.push(`${from} → ${to} (the door is for other layers)`);
      else if (own === 'top') offences.push(`${from} → ${to} (a shared file imports no room)`);
      else if (!rooms.includes(theirs) || !rooms.includes(own)) offences.push(`${from} → ${to} (a room not in ROOMS)`);
      else if (rooms.indexOf(theirs) > rooms.indexOf(own)) offences.push(`${from} → ${to} (${theirs} is above ${own})`);
    }
  }
  return offences;
}

const storeFiles = sources(STORE);

/** The import graph of `src/store/`, value and type imports alike, edges within `src/store/` only. */
function storeGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of storeFiles) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .filter(({ specifier }) => specifier.startsWith('.'))
      .map(({ specifier }) => resolved(file, specifier))
      .filter((target) => target.startsWith(`${STORE}/`));
    graph.set(relative(SRC, file), [...new Set(targets.map((target) => relative(SRC, target)))]);
  }
  return graph;
}

describe('the scan itself', () => {
  it('reads every kind of import, and none in a comment', () => {
    const text = [
      "import type { Transaction } from 'dexie';",
      "import { a, type B } from '../a.js';",
      'import {',
      '  c,',
      "} from './c.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "import './side-effect.js';",
      "const lazy = () => import('./lazy.js');",
      "// import { no } from './commented.js';",
      "/** import { no } from './documented.js'; */",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: 'dexie', typeOnly: true },
      { specifier: '../a.js', typeOnly: false },
      { specifier: './c.js', typeOnly: false },
      { specifier: './d.js', typeOnly: false },
      { specifier: './e.js', typeOnly: true },
      { specifier: './side-effect.js', typeOnly: false },
      { specifier: './lazy.js', typeOnly: false },
    ]);
  });

  it('finds circles of one, two and more modules, and none in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a', 'f']],
      ['f', []],
    ]);
    expect(circlesOf(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['d', 'd'],
    ]);
    expect(
      circlesOf(
        new Map([
          ['x', ['y', 'z']],
          ['y', ['z']],
          ['z', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds each import against the rooms, and passes one that keeps to them', () => {
    const graph = new Map([
      ['store/index.ts', ['store/low/a.ts', 'store/high/b.ts']],
      ['store/keys.ts', ['store/low/a.ts']],
      ['store/low/a.ts', ['store/keys.ts', 'store/low/c.ts', 'store/high/b.ts', 'store/index.ts']],
      ['store/low/c.ts', ['store/stray/d.ts']],
      ['store/high/b.ts', ['store/low/a.ts', 'store/keys.ts']],
      ['store/stray/d.ts', []],
    ]);
    expect(roomOffences(graph, ['low', 'high'])).toEqual([
      'store/keys.ts → store/low/a.ts (a shared file imports no room)',
      'store/low/a.ts → store/high/b.ts (high is above low)',
      'store/low/a.ts → store/index.ts (the door is for other layers)',
      'store/low/c.ts → store/stray/d.ts (a room not in ROOMS)',
    ]);
    const kept = new Map([
      ['store/index.ts', ['store/high/b.ts']],
      ['store/keys.ts', []],
      ['store/low/a.ts', ['store/keys.ts', 'store/low/c.ts']],
      ['store/low/c.ts', []],
      ['store/high/b.ts', ['store/low/a.ts', 'store/keys.ts']],
    ]);
    expect(roomOffences(kept, ['low', 'high'])).toEqual([]);
  });

  it('finds the store and its imports (a scan of nothing would pass)', () => {
    const graph = storeGraph();
    expect(graph.size).toBeGreaterThan(60);
    expect(graph.get('store/database/catalogue-database.ts')).toContain('store/schema/version-8.ts');
    expect(sources(SCHEMA).length).toBeGreaterThanOrEqual(12);
  });
});

describe('src/store/ holds its own structure', () => {
  it('each schema upgrade imports nothing outside src/store/schema/ but the types of dexie', () => {
    const offences: string[] = [];
    for (const file of sources(SCHEMA)) {
      for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
        const inside = specifier.startsWith('.') && resolved(file, specifier).startsWith(`${SCHEMA}/`);
        const dexieTypes = specifier === 'dexie' && typeOnly;
        if (!inside && !dexieTypes) offences.push(`${relative(SRC, file)} → ${specifier}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('holds at its top level only the door and the shared files', () => {
    const top = readdirSync(STORE).filter((name) => name.endsWith('.ts'));
    expect(top.sort()).toEqual([...TOP_LEVEL].sort());
  });

  it('has no folder that is not a room', () => {
    const folders = readdirSync(STORE).filter((name) => statSync(join(STORE, name)).isDirectory());
    expect(folders.sort()).toEqual([...ROOMS].sort());
  });

  it('each room imports only the rooms below it and the shared files; no one but other layers imports the door', () => {
    const graph = storeGraph();
    for (const room of ROOMS)
      expect(
        [...graph.keys()].some((file) => placeOf(file) === room),
        room,
      ).toBe(true);
    expect(roomOffences(graph, ROOMS)).toEqual([]);
  });

  it('no import circle in src/store/ (value and type imports)', () => {
    expect(circlesOf(storeGraph()).map((circle) => circle.join(' → '))).toEqual([]);
  });
});
