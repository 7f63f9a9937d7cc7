import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The size rules of issue 34: a file past 350 lines or a class past 250 is two concepts. The compiler API finds the
 * classes. The project's `typescript` (7) is the native compiler and has no JavaScript API, so the one that
 * `@microsoft/api-extractor` depends on (a devDependency already) parses them.
 */
const ts = createRequire(createRequire(import.meta.url).resolve('@microsoft/api-extractor'))('typescript') as TsApi;

/** The little of the compiler API used here (typescript 7's types describe no API). */
interface TsNode {
  readonly name?: { readonly text: string } | undefined;
  getStart(source: TsSourceFile): number;
  getEnd(): number;
}
interface TsSourceFile extends TsNode {
  getLineAndCharacterOfPosition(position: number): { line: number };
}
interface TsApi {
  readonly ScriptTarget: { readonly Latest: number };
  createSourceFile(file: string, text: string, target: number, setParents: boolean): TsSourceFile;
  isClassDeclaration(node: TsNode): boolean;
  isClassExpression(node: TsNode): boolean;
  forEachChild(node: TsNode, visit: (child: TsNode) => void): void;
}

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MAX_FILE_LINES = 350;
const MAX_CLASS_LINES = 250;

/**
 * Data tables, not logic: their length is the data's. Everything else in `src/` keeps to the rules.
 */
const DATA_TABLES: readonly RegExp[] = [
  // The response schemas of the service.
  /^api\/schemas\//,
  // The registry entries: one declaration per operation.
  /^api\/registry\/[^/]+-(calls|responses)\.ts$/,
  // The fake service's data.
  /^testing\/data\//,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** Every class (declared or an expression) in `text`, with the lines its body spans. */
function classesOf(file: string, text: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: TsNode) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: node.name?.text ?? '(anonymous)', lines: end - start });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));
const exempt = (path: string) => DATA_TABLES.some((table) => table.test(path));

describe('the size rules hold in src/', () => {
  it('finds the sources, their classes and the exempt tables (a scan of nothing would pass)', () => {
    expect(files.length).toBeGreaterThan(150);
    const engine = files.find((file) => file.path === 'sync/sync-engine.ts');
    expect(engine && classesOf(engine.path, engine.text).map((found) => found.name)).toContain('SyncEngine');
    // A class expression counts as well as a declaration.
    expect(classesOf('x.ts', 'const A = class {\n  a = 1;\n  b = 2;\n};\n')).toEqual([
      { name: '(anonymous)', lines: 3 },
    ]);
    for (const table of DATA_TABLES) expect(files.some((file) => table.test(file.path))).toBe(true);
  });

  it(`no file is over ${MAX_FILE_LINES} lines but the data tables`, () => {
    const over = files
      .filter((file) => !exempt(file.path) && lineCount(file.text) > MAX_FILE_LINES)
      .map((file) => `${file.path}: ${lineCount(file.text)} lines`);
    expect(over).toEqual([]);
  });

  it(`no class is over ${MAX_CLASS_LINES} lines`, () => {
    const over = files
      .flatMap((file) => classesOf(file.path, file.text).map((found) => ({ ...found, path: file.path })))
      .filter((found) => found.lines > MAX_CLASS_LINES)
      .map((found) => `${found.path}: class ${found.name}, ${found.lines} lines`);
    expect(over).toEqual([]);
  });
});
