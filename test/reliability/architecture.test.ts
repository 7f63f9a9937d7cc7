import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The layers of DESIGN, lowest first: a module imports its own layer or lower ones only. */
const LAYERS = ['api', 'queue', 'store', 'sync', 'query'] as const;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)) {
    found.push((match[1] ?? match[2]) as string);
  }
  return found;
}

/** The layer a file of `src/` belongs to, or undefined (errors, env, defaults and the root wire everything). */
function layerOf(file: string): number | undefined {
  const top = relative(SRC, file).split('/')[0] as string;
  const at = LAYERS.indexOf(top as (typeof LAYERS)[number]);
  return at >= 0 ? at : undefined;
}

const files = sources(SRC);

describe('the layers of DESIGN hold in src/', () => {
  it('finds the modules and their imports (a scan of nothing would pass)', () => {
    expect(files.length).toBeGreaterThan(150);
    const engine = readFileSync(join(SRC, 'sync/sync-engine.ts'), 'utf8');
    expect(importsOf(engine)).toContain('../store/records/read-stored.js');
  });

  it('no module imports from a higher layer, and no layer imports the root', () => {
    const offences: string[] = [];
    for (const file of files) {
      const own = layerOf(file);
      if (own === undefined) continue;
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        const targetLayer = layerOf(target);
        const atRoot = dirname(target) === SRC;
        const leaf = ['errors.ts', 'env.ts', 'defaults.ts'].some((name) => target.endsWith(`/src/${name}`));
        if ((targetLayer !== undefined && targetLayer > own) || (atRoot && !leaf)) {
          offences.push(`${relative(SRC, file)} → ${relative(SRC, target)}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it("nothing reaches into another library's internals", () => {
    const reaches: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of [/_zod\./, /Dexie\.prototype/, /defineProperty\(/, /IDB\w*\.prototype/]) {
        if (pattern.test(text)) reaches.push(`${relative(SRC, file)}: ${pattern.source}`);
      }
    }
    expect(reaches).toEqual([]);
  });
});
