import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built package (`dist/`), as the tests of `test/package/` and `test/readme/` check it. `ensureBuilt()` runs
 * `npm run build` when `dist/` is missing, partial or older than an input, under a lock directory so two test files
 * running at once never build over each other. CI builds before the tests (the package step), so there it only
 * checks.
 */
export const root = fileURLToPath(new URL('../../', import.meta.url));
export const distDir = join(root, 'dist');
const srcDir = join(root, 'src');
const lockDir = join(root, '.tmp-build-lock');
const configFiles = ['package.json', 'tsconfig.json', 'tsconfig.build.json'].map((file) => join(root, file));

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** Why `dist/` does not match `src/` (a missing or extra output, an input newer than an output), or undefined. */
export function staleness(): string | undefined {
  if (!existsSync(distDir)) return 'dist/ is missing';
  const sources = walk(srcDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const expected = new Set(
    sources.flatMap((file) => {
      const base = relative(srcDir, file).replace(/\.ts$/, '');
      return [`${base}.js`, `${base}.d.ts`];
    }),
  );
  const outputs = walk(distDir).map((file) => relative(distDir, file));
  const missing = [...expected].filter((file) => !outputs.includes(file));
  if (missing.length > 0) return `dist/ lacks ${missing.slice(0, 3).join(', ')}`;
  const extra = outputs.filter((file) => !expected.has(file));
  if (extra.length > 0) return `dist/ has files no source makes: ${extra.slice(0, 3).join(', ')}`;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(join(distDir, file)).mtimeMs));
  const newer = [...sources, ...configFiles].find((file) => statSync(file).mtimeMs > oldestOutput);
  if (newer !== undefined) return `${relative(root, newer).split(sep).join('/')} is newer than dist/`;
  return undefined;
}

function holderAlive(): boolean {
  try {
    const pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    // No pid yet (the holder is between mkdir and write) counts as alive for a moment: see the age check.
    return !existsSync(join(lockDir, 'pid')) && Date.now() - statSync(lockDir).mtimeMs < 5_000;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function withLock<T>(work: () => T, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let alive: boolean;
      try {
        alive = holderAlive();
      } catch {
        continue; // released between mkdir and the check
      }
      if (!alive) rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`ensureBuilt: ${lockDir} held for over ${timeoutMs} ms`);
      else await sleep(200);
    }
  }
  try {
    writeFileSync(join(lockDir, 'pid'), String(process.pid));
    return work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/** Builds `dist/` with `npm run build` unless it is up to date; throws with the build's output if it fails. */
export async function ensureBuilt(): Promise<void> {
  if (staleness() === undefined) return;
  await withLock(() => {
    const reason = staleness();
    if (reason === undefined) return;
    const run = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`npm run build failed (${reason}):\n${run.stdout}\n${run.stderr}`);
    const still = staleness();
    if (still !== undefined) throw new Error(`dist/ is still stale after npm run build: ${still}`);
  }, 180_000);
}

export interface PackageJson {
  name: string;
  bin?: Record<string, string>;
  files?: string[];
  exports: Record<string, string | { types: string; default: string }>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export function readPackageJson(): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
}
